package collect

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/internal/schema"
)

// hostile strings a process, a file or a server may choose.
const (
	escTitle  = "\x1b]0;pwned\x07"           // retitles the terminal
	escClear  = "\x1b[2J\x1b[H"              // clears it
	forgedRow = "x\n4243  root  0  9.00 GiB" // a newline that forges a table row
	bidi      = "evil\u202egguf.exe"
)

func hostileSnapshot(t *testing.T) *schema.Snapshot {
	c := fixture()
	fp := c.Procs.(*fakeProcs)
	info := fp.infos[4242]
	name := "llama" + escTitle
	info.Name = &name
	info.Cmdline = []string{"llama-server", "-m", "/m/" + bidi, "--alias", forgedRow + escClear}
	fp.infos[4242] = info
	kind := "llm" + escClear
	c.Evidence = fakeEvidence{4242: {Runtimes: []schema.Runtime{},
		Models: []schema.Model{{Path: "/m/" + forgedRow, Role: "model", Evidence: []string{"mapped"}, Kind: &kind}}}}
	snap := c.Collect(context.Background())
	snap.Processes[0].Notes = append(snap.Processes[0].Notes, "note"+escTitle+"\nforged note")
	return snap
}

// Text output shows every control character and bidi override escaped;
// no string can add a line. JSON keeps the strings exact.
func TestTextEscapesHostileStrings(t *testing.T) {
	snap := hostileSnapshot(t)
	var text bytes.Buffer
	must(t, report.WriteText(&text, snap))
	out := text.String()
	for _, bad := range []string{"\x1b", "\x07", "\u202e", "\n4243"} {
		if strings.Contains(out, bad) {
			t.Errorf("text output holds %q:\n%s", bad, out)
		}
	}
	for _, want := range []string{`\x1b]0;pwned\x07`, `\u202e`, `x\n4243`} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks the visible escape %q:\n%s", want, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "4243") || strings.HasPrefix(line, "forged") {
			t.Errorf("a forged line: %q", line)
		}
	}

	var js bytes.Buffer
	must(t, snap.WriteJSON(&js))
	back, err := capture.ReadSnapshot(&js)
	must(t, err)
	if *back.Processes[0].Name != "llama"+escTitle || back.Processes[0].Cmdline[4] != forgedRow+escClear {
		t.Errorf("JSON changed the strings: %q %q", *back.Processes[0].Name, back.Processes[0].Cmdline)
	}
}
