package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const topHelp = `gtm — what is inside your GPU.

Usage:
  gtm [flags]            open the window
  gtm --once             print one text snapshot
  gtm record [-o FILE]   record snapshots
  gtm serve              Prometheus metrics

Unavailable readings are n/a.

Flags:
      --once               print one snapshot
  -i, --interval seconds   refresh interval (default 1)
      --proc-root dir      where to read \proc
  -h, --help               show this help

Exit status: 0 on success.
`

const recordHelp = `gtm record — write a capture.

Usage:
  gtm record [-o FILE] [flags]

.hidden: a line that starts with a dot, and 'one with a quote.
  /metrics  an indented table line

Flags:
  -o, --output FILE   write the capture to FILE (default -)
`

const serveHelp = `gtm serve — Prometheus metrics.

Usage:
  gtm serve [--listen ADDR]

Flags:
      --listen ADDR   serve on ADDR, ×2
`

func fakeHelp(texts map[string]string) func(string) (string, error) {
	return func(sub string) (string, error) {
		t, ok := texts[sub]
		if !ok {
			return "", errors.New("unknown command " + sub)
		}
		return t, nil
	}
}

func TestGenerate(t *testing.T) {
	page, err := generate(fakeHelp(map[string]string{"": topHelp, "record": recordHelp, "serve": serveHelp}), "1.2.3", "2026-01-02")
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, want := range []string{
		".TH GTM 1 \"2026\\-01\\-02\" \"gtm 1.2.3\" \"User Commands\"\n",
		"gtm \\- what is inside your GPU.\n",
		"gtm record [\\-o FILE]   record snapshots\n",
		".SH OPTIONS\n",
		".TP\n\\fB\\-\\-once\\fR\nprint one snapshot\n",
		".TP\n\\fB\\-i\\fR, \\fB\\-\\-interval\\fR \\fIseconds\\fR\nrefresh interval (default 1)\n",
		"where to read \\eproc\n", // a backslash prints as itself
		"Exit status: 0 on success.\n",
		".SH COMMANDS\n",
		".SS \"gtm record\"\nwrite a capture.\n",
		".TP\n\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIFILE\\fR\n",
		"\\&.hidden: a line", // not a roff request
		".nf\n  /metrics  an indented table line\n.fi\n",
		".SS \"gtm serve\"\n",
		"serve on ADDR, \\[u00D7]2\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q:\n%s", want, s)
		}
	}
	// Subcommands in the order the usage lists them; "--once" is no subcommand.
	if strings.Index(s, `.SS "gtm record"`) > strings.Index(s, `.SS "gtm serve"`) {
		t.Error("subcommands out of usage order")
	}
	if strings.Contains(s, `.SS "gtm --once"`) || strings.Contains(s, "—") {
		t.Errorf("flag taken for a subcommand, or a raw non-ASCII character:\n%s", s)
	}
	// Each roff request line is one the man macros know.
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, ".") && !strings.HasPrefix(l, `.\"`) {
			req, _, _ := strings.Cut(l[1:], " ")
			switch req {
			case "TH", "SH", "SS", "PP", "TP", "nf", "fi":
			default:
				t.Errorf("unexpected request line %q", l)
			}
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	if _, err := generate(fakeHelp(map[string]string{"": "gtm — x\n\nno usage here\n"}), "1", "2026-01-02"); err == nil {
		t.Error("a help text without Usage: gave a page")
	}
	// A subcommand whose --help fails fails the page (no silent gap).
	_, err := generate(fakeHelp(map[string]string{"": topHelp, "record": recordHelp}), "1", "2026-01-02")
	if err == nil || !strings.Contains(err.Error(), "serve") {
		t.Errorf("a failing subcommand help: err = %v", err)
	}
}

// TestFromBinary runs a stand-in gtm (a shell script) as the generator
// does, and renders the page with groff where it is installed.
func TestFromBinary(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("runs a shell script")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"top": topHelp, "record": recordHelp, "serve": serveHelp} {
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "gtm")
	script := "#!/bin/sh\n" +
		"[ -z \"$DISPLAY$GTM_SECRET\" ] || { echo environment leaked; exit 3; }\n" +
		"case \"$1\" in --help) cat " + dir + "/top.txt ;; record|serve) cat " + dir + "/$1.txt ;; *) echo bad; exit 2 ;; esac\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GTM_SECRET", "x")
	page, err := generate(helpFromBinary(bin), "1.2.3", "2026-01-02")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte(`.SS "gtm serve"`)) {
		t.Fatalf("no serve section:\n%s", page)
	}
	if _, err := generate(helpFromBinary(filepath.Join(dir, "missing")), "1", "2026-01-02"); err == nil {
		t.Error("a missing binary gave a page")
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Log("groff not installed: page not rendered")
		return
	}
	cmd := exec.Command(groff, "-man", "-ww", "-z")
	cmd.Stdin = bytes.NewReader(page)
	out, err := cmd.CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("groff: %v: %s", err, out)
	}
}
