package gitstore

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// complexRepo lets git write an index with everything it can hold: a valid
// cache tree, intent-to-add, skip-worktree and assume-unchanged entries,
// conflict stages, resolve-undo, a path longer than the 12-bit name length,
// and (when untracked) the untracked cache.
func complexRepo(t testing.TB, version int, untracked bool) *testRepo {
	t.Helper()
	r := newTestRepo(t)
	for i := 0; i < 120; i++ {
		r.write(fmt.Sprintf("dir%d/sub%d/file%03d.md", i%4, i%7, i), fmt.Sprintf("content %d\n", i))
	}
	r.write("conflict-open.md", "base\n")
	r.write("conflict-resolved.md", "base\n")
	r.write("skip.md", "skip\n")
	r.write("assume.md", "assume\n")
	r.git("add", ".")
	r.git("commit", "-q", "-m", "base")
	r.git("checkout", "-q", "-b", "side")
	r.write("conflict-open.md", "side\n")
	r.write("conflict-resolved.md", "side\n")
	r.git("commit", "-q", "-am", "side")
	r.git("checkout", "-q", "main")
	r.write("conflict-open.md", "main\n")
	r.write("conflict-resolved.md", "main\n")
	r.git("commit", "-q", "-am", "main")
	if out, err := r.run(r.dir, "merge", "-q", "side"); err == nil {
		t.Fatalf("merge did not conflict: %s", out)
	}
	r.write("conflict-resolved.md", "resolved\n")
	r.git("add", "conflict-resolved.md") // leaves a REUC record
	r.write("ita.md", "intent\n")
	r.git("add", "-N", "ita.md")
	r.git("update-index", "--skip-worktree", "skip.md")
	r.git("update-index", "--assume-unchanged", "assume.md")
	empty := strings.TrimSpace(r.runStdin("", "hash-object", "-w", "--stdin"))
	long := "long/" + strings.Repeat(strings.Repeat("x", 200)+"/", 21) + "f.md"
	r.git("update-index", "--add", "--cacheinfo", "100644,"+empty+","+long)
	r.write("dir1/sub1/staged.md", "staged\n")
	r.git("add", "dir1/sub1/staged.md")
	r.write("dir2/sub2/file002.md", "modified, not staged\n")
	r.write("untracked.md", "untracked\n")
	if untracked {
		r.git("config", "core.untrackedCache", "true")
		r.git("update-index", "--untracked-cache")
	}
	r.git("update-index", "--index-version", fmt.Sprint(version))
	r.git("status", "--porcelain") // refreshes; writes UNTR when enabled
	return r
}

func extensions(t *testing.T, data []byte) []string {
	t.Helper()
	idx, err := parseIndex(data)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	if idx.tree != nil {
		out = append(out, "TREE")
	}
	if idx.reuc != nil {
		out = append(out, "REUC")
	}
	return append(out, idx.dropped...)
}

func TestIndexRoundTripOfGitWrittenIndexes(t *testing.T) {
	for _, version := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("v%d", version), func(t *testing.T) {
			t.Parallel()
			r := complexRepo(t, version, false)
			data := r.readIndex()
			idx, err := parseIndex(data)
			if err != nil {
				t.Fatal(err)
			}
			wantVersion := uint32(version)
			if version == 2 {
				wantVersion = 3 // extended flags force version 3, as git does
			}
			if idx.version != wantVersion {
				t.Fatalf("version %d, want %d", idx.version, wantVersion)
			}
			if exts := extensions(t, data); !slices.Equal(exts, []string{"TREE", "REUC"}) {
				t.Fatalf("extensions %q, want TREE and REUC", exts)
			}
			if out := idx.encode(); !bytes.Equal(out, data) {
				t.Fatalf("round trip changed the index (%d -> %d bytes)", len(data), len(out))
			}
			var ita, skip, assume, stages, long int
			for _, e := range idx.entries {
				if e.extFlags&idxExtITA != 0 {
					ita++
				}
				if e.extFlags&idxExtSkipWT != 0 {
					skip++
				}
				if e.flags&idxFlagValid != 0 {
					assume++
				}
				if e.stage() != 0 {
					stages++
				}
				if len(e.name) > idxFlagNameMask {
					long++
				}
			}
			if ita != 1 || skip != 1 || assume != 1 || stages != 3 || long != 1 {
				t.Fatalf("flags seen: ita %d skip %d assume %d stages %d long %d", ita, skip, assume, stages, long)
			}
		})
	}
}

// TestIndexCommitKeepsEverythingElse commits through the store into every
// kind of index git writes and checks, with git itself, that everything but
// the committed paths reads exactly as before.
func TestIndexCommitKeepsEverythingElse(t *testing.T) {
	for _, tc := range []struct {
		version   int
		untracked bool
	}{{2, false}, {3, true}, {4, false}, {4, true}} {
		t.Run(fmt.Sprintf("v%d-untracked=%v", tc.version, tc.untracked), func(t *testing.T) {
			t.Parallel()
			r := complexRepo(t, tc.version, tc.untracked)
			if tc.untracked && !slices.Contains(extensions(t, r.readIndex()), "UNTR") {
				t.Fatal("git wrote no untracked cache")
			}
			ours := []string{"dir0/sub0/new.md", "fresh/2026-02/a.md", "dir3/sub3/file003.md"}
			skip := func(line string) bool {
				for _, p := range ours {
					if strings.Contains(line, p) {
						return true
					}
				}
				return false
			}
			snapshot := func() map[string][]string {
				m := map[string][]string{}
				for _, args := range [][]string{
					{"status", "--porcelain=v1", "--untracked-files=all"},
					{"diff", "--cached", "--name-status"},
					{"ls-files", "-s", "-v", "-t"},
					{"ls-files", "--resolve-undo"},
					{"ls-files", "--debug", "skip.md", "assume.md", "ita.md"},
				} {
					key := strings.Join(args, " ")
					for _, l := range r.lines(args...) {
						if !skip(l) {
							m[key] = append(m[key], l)
						}
					}
				}
				return m
			}
			before := snapshot()
			version := binary.BigEndian.Uint32(r.readIndex()[4:8])

			s := openStore(t, r.dir, Options{})
			for _, p := range ours {
				r.write(p, "ours: "+p+"\n")
			}
			h := mustCommit(t, s, CommitRequest{Paths: ours})

			after := snapshot()
			for key, want := range before {
				got := after[key]
				if strings.HasPrefix(key, "ls-files --debug") {
					// Racily clean entries may have their size smudged;
					// everything else of them must stay.
					got, want = dropSizes(got), dropSizes(want)
				}
				if !slices.Equal(got, want) {
					t.Errorf("git %s changed:\n%s\nwant:\n%s", key, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
			if got := binary.BigEndian.Uint32(r.readIndex()[4:8]); got != version {
				t.Errorf("index version %d, was %d", got, version)
			}
			if got := r.lines("show", "--format=", "--name-only", h.String()); !slices.Equal(got, []string{"dir0/sub0/new.md", "dir3/sub3/file003.md", "fresh/2026-02/a.md"}) {
				t.Errorf("commit changes %q", got)
			}
			for _, l := range r.lines("status", "--porcelain") {
				if skip(l) {
					t.Errorf("committed path not clean: %q", l)
				}
			}
			r.fsck()
			// The person finishes the merge: their commit keeps ours.
			r.git("add", "conflict-open.md")
			r.git("commit", "-q", "--no-edit")
			tree := r.lines("ls-tree", "-r", "--name-only", "HEAD")
			for _, p := range append(ours, "dir1/sub1/staged.md") {
				if !slices.Contains(tree, p) {
					t.Errorf("%s missing from the person's merge commit", p)
				}
			}
			r.fsck()
		})
	}
}

func dropSizes(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if !strings.Contains(l, "size:") {
			out = append(out, l)
			continue
		}
		i := strings.Index(l, "size:")
		out = append(out, l[:i])
	}
	return out
}

func TestIndexRefusesWhatItCannotRewrite(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	r.write("a.md", "a\n")
	r.git("add", "a.md")
	r.git("commit", "-q", "-m", "a")
	r.git("update-index", "--split-index")
	s := openStore(t, r.dir, Options{})
	r.write("b.md", "b\n")
	head := r.rev("HEAD")
	_, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "m"})
	if err == nil || !strings.Contains(err.Error(), "split index") {
		t.Fatalf("split index: %v", err)
	}
	if r.rev("HEAD") != head {
		t.Fatal("HEAD moved")
	}
	if _, err := os.Stat(filepath.Join(r.dir, ".git", "index.lock")); !os.IsNotExist(err) {
		t.Fatal("index.lock left behind")
	}
}

func TestIndexVarint(t *testing.T) {
	for _, v := range []uint64{0, 1, 127, 128, 129, 255, 16383, 16384, 16511, 16512, 1 << 20, 1<<40 + 7} {
		b := appendIndexVarint(nil, v)
		got, n := decodeIndexVarint(b)
		if got != v || n != len(b) {
			t.Errorf("varint %d: encoded %x decoded %d (%d bytes)", v, b, got, n)
		}
	}
	// Known encodings from git's varint.c.
	for v, want := range map[uint64][]byte{127: {0x7f}, 128: {0x80, 0x00}, 16511: {0xff, 0x7f}, 16512: {0x80, 0x80, 0x00}} {
		if got := appendIndexVarint(nil, v); !bytes.Equal(got, want) {
			t.Errorf("varint %d = %x, want %x", v, got, want)
		}
	}
}

func TestCacheTreeInvalidate(t *testing.T) {
	leaf := func(name string) *cacheTree { return &cacheTree{name: name, count: 1} }
	root := &cacheTree{count: 5, children: []*cacheTree{
		{name: "a", count: 3, children: []*cacheTree{leaf("b"), leaf("c")}},
		leaf("d"),
	}}
	root.invalidate("a/b/x.md")
	if root.count != -1 || root.children[0].count != -1 || root.children[0].children[0].count != -1 ||
		root.children[0].children[1].count != 1 || root.children[1].count != 1 {
		t.Fatalf("after invalidate a/b/x.md: %s", root.appendTo(nil))
	}
	root.invalidate("d") // a file replacing folder d drops its node
	if len(root.children) != 1 || root.children[0].name != "a" {
		t.Fatalf("after invalidate d: %q", root.appendTo(nil))
	}
	root.invalidate("zz/new.md") // unknown folders stop the walk
	back, rest, err := parseCacheTree(root.appendTo(nil))
	if err != nil || len(rest) != 0 || string(back.appendTo(nil)) != string(root.appendTo(nil)) {
		t.Fatalf("cache tree round trip: %v", err)
	}
}

// TestWriteIndexSeeds refreshes the fuzz seeds in testdata/gitindex from
// indexes the git CLI writes: CORTEX_UPDATE_SEEDS=1 go test -run IndexSeeds.
func TestWriteIndexSeeds(t *testing.T) {
	if os.Getenv("CORTEX_UPDATE_SEEDS") == "" {
		t.Skip("set CORTEX_UPDATE_SEEDS=1 to rewrite testdata/gitindex")
	}
	for _, tc := range []struct {
		version   int
		untracked bool
	}{{3, false}, {4, true}} {
		r := complexRepo(t, tc.version, tc.untracked)
		name := filepath.Join("testdata", "gitindex", fmt.Sprintf("v%d.index", tc.version))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, r.readIndex(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func FuzzParseIndex(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "gitindex", "*.index"))
	for _, name := range seeds {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if _, err := parseIndex(data); err != nil {
			f.Fatalf("seed %s: %v", name, err)
		}
		f.Add(data)
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		// Fix the checksum so the fuzzer reaches the decoder proper (on a
		// copy: the fuzzer owns its input).
		data = bytes.Clone(data)
		if len(data) >= indexHeaderLen+indexHashLen {
			sum := sha1.Sum(data[:len(data)-indexHashLen])
			copy(data[len(data)-indexHashLen:], sum[:])
		}
		idx, err := parseIndex(data)
		if err != nil {
			return
		}
		out := idx.encode()
		again, err := parseIndex(out)
		if err != nil {
			t.Fatalf("re-reading our own encoding: %v", err)
		}
		if !bytes.Equal(again.encode(), out) {
			t.Fatal("encoding is not stable")
		}
	})
}
