// Command genvault writes a vault of realistic memory documents for the
// index benchmarks (see package vaultgen).
//
//	genvault -dir DIR [-n 10000] [-seed 1]
//
// The same flags always give the same files. DIR must not exist or be empty.
// With -touch N it instead edits N distinct documents of DIR, chosen at
// random (a line appended to the body), for the "N files changed" refresh
// benchmark.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cortex-vault/cortex/bench/vaultgen"
)

func main() {
	dir := flag.String("dir", "", "the vault folder to write")
	n := flag.Int("n", 10000, "number of documents")
	seed := flag.Uint64("seed", 1, "random seed")
	touch := flag.Int("touch", 0, "rewrite this many documents of an existing vault instead")
	flag.Parse()
	if *dir == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: genvault -dir DIR [-n N] [-seed S] [-touch N]")
		os.Exit(2)
	}
	var err error
	if *touch > 0 {
		err = vaultgen.Touch(*dir, *touch, *seed)
	} else {
		err = vaultgen.Generate(*dir, *n, *seed)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genvault:", err)
		os.Exit(1)
	}
}
