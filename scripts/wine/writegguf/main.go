// Command writegguf writes a tiny valid llama GGUF (a few KiB) to the
// path given, so scripts/wine-check.sh can name a real model file on a
// Windows process's command line.
package main

import (
	"fmt"
	"os"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: writegguf PATH")
		os.Exit(2)
	}
	if err := ggufgen.Tiny().MustBuild().WriteFile(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "writegguf:", err)
		os.Exit(1)
	}
}
