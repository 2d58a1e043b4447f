// Command libfloor is the start-up floor of the libraries Cortex is built
// on: a main that does nothing but print, linked with the packages of the
// required libraries (go-git, adrg/frontmatter, goldmark, urfave/cli,
// go-gitignore) and of the ones chosen beside them (modernc's SQLite,
// fsnotify, flock, uuid, yaml, the MCP SDK, x/text, x/sys) that the cortex
// binary links. Every one of their package inits runs before any main, so
// no cortex command can start faster than this; `bench/run.sh floors`
// times it beside `git --version` next to `cortex --version`.
package main

import (
	"os"

	_ "github.com/adrg/frontmatter"
	_ "github.com/fsnotify/fsnotify"
	_ "github.com/go-git/go-git/v5"
	_ "github.com/gofrs/flock"
	_ "github.com/google/jsonschema-go/jsonschema"
	_ "github.com/google/uuid"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "github.com/sabhiram/go-gitignore"
	_ "github.com/urfave/cli/v2"
	_ "github.com/yuin/goldmark"
	_ "go.yaml.in/yaml/v3"
	_ "golang.org/x/sys/unix"
	_ "golang.org/x/text/unicode/norm"
	_ "modernc.org/sqlite"
)

func main() { os.Stdout.WriteString("libfloor\n") }
