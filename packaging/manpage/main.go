// Command manpage writes gtm's manual page (roff, section 1) from the
// binary's own help: `gtm --help` and `gtm SUB --help` for each subcommand
// its usage lists, so the page never drifts from the flags the binary has.
//
//	go run ./packaging/manpage -version 1.2.3 -date 2026-01-02 bin/gtm > gtm.1
//
// The binary runs with an empty environment (no display, a throwaway HOME),
// so the page does not depend on the machine that builds it.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"time"
)

func main() {
	version := flag.String("version", "", "the version printed in the page footer (required)")
	date := flag.String("date", "", "the page date, YYYY-MM-DD (default: today)")
	out := flag.String("o", "-", "write the page to this file (- is standard output)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: manpage -version V [-date YYYY-MM-DD] [-o FILE] GTM-BINARY")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *version == "" {
		flag.Usage()
		os.Exit(2)
	}
	if *date == "" {
		*date = time.Now().UTC().Format("2006-01-02")
	}
	if _, err := time.Parse("2006-01-02", *date); err != nil {
		fmt.Fprintf(os.Stderr, "manpage: -date %q is not YYYY-MM-DD\n", *date)
		os.Exit(2)
	}
	page, err := generate(helpFromBinary(flag.Arg(0)), *version, *date)
	if err == nil {
		if *out == "-" {
			_, err = os.Stdout.Write(page)
		} else {
			err = os.WriteFile(*out, page, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "manpage:", err)
		os.Exit(1)
	}
}

// helpFromBinary runs BIN [SUB] --help with no environment but a
// temporary HOME, and a time limit (a binary that hangs is an error).
func helpFromBinary(bin string) func(sub string) (string, error) {
	return func(sub string) (string, error) {
		home, err := os.MkdirTemp("", "gtm-manpage-home")
		if err != nil {
			return "", err
		}
		defer os.RemoveAll(home)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		args := []string{"--help"}
		if sub != "" {
			args = []string{sub, "--help"}
		}
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "LANG=C.UTF-8"}
		var buf bytes.Buffer
		cmd.Stdout, cmd.Stderr = &buf, &buf
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("%s %s: %v: %s", bin, strings.Join(args, " "), err, firstLine(buf.String()))
		}
		return buf.String(), nil
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// subcommandRe finds the subcommands in the top-level usage: "  gtm record [-o FILE] ...".
var subcommandRe = regexp.MustCompile(`^\s+gtm ([a-z][a-z0-9-]*)(\s|$)`)

// generate builds the page from help(sub) ("" for the top level).
func generate(help func(sub string) (string, error), version, date string) ([]byte, error) {
	top, err := help("")
	if err != nil {
		return nil, err
	}
	topDoc := parse(top)
	if len(topDoc.usage) == 0 {
		return nil, errors.New("gtm --help has no Usage: section")
	}
	var subs []string
	seen := map[string]bool{}
	for _, u := range topDoc.usage {
		if m := subcommandRe.FindStringSubmatch(u); m != nil && !seen[m[1]] {
			seen[m[1]] = true
			subs = append(subs, m[1])
		}
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, ".\\\" Generated from gtm --help by packaging/manpage; do not edit.\n")
	fmt.Fprintf(&b, ".TH GTM 1 %s %s \"User Commands\"\n", quoteArg(date), quoteArg("gtm "+version))
	b.WriteString(".SH NAME\n")
	fmt.Fprintf(&b, "gtm \\- %s\n", escape(summary(topDoc.title, "gtm")))
	b.WriteString(".SH SYNOPSIS\n.nf\n")
	for _, u := range topDoc.usage {
		b.WriteString(escapeLine(strings.TrimSpace(u)) + "\n")
	}
	b.WriteString(".fi\n.SH DESCRIPTION\n")
	writeBody(&b, topDoc.body)
	if len(topDoc.flags) > 0 {
		b.WriteString(".SH OPTIONS\n")
		writeFlags(&b, topDoc.flags)
	}
	writeBody(&b, topDoc.after)
	if len(subs) > 0 {
		b.WriteString(".SH COMMANDS\n")
	}
	for _, sub := range subs {
		text, err := help(sub)
		if err != nil {
			return nil, err
		}
		d := parse(text)
		fmt.Fprintf(&b, ".SS %s\n", quoteArg("gtm "+sub))
		if s := summary(d.title, "gtm "+sub); s != "" {
			b.WriteString(escapeLine(s) + "\n.PP\n")
		}
		if len(d.usage) > 0 {
			b.WriteString(".nf\n")
			for _, u := range d.usage {
				b.WriteString(escapeLine(strings.TrimSpace(u)) + "\n")
			}
			b.WriteString(".fi\n")
		}
		writeBody(&b, d.body)
		writeFlags(&b, d.flags)
		writeBody(&b, d.after)
	}
	b.WriteString(".SH SEE ALSO\nThe README and docs/ of gtm's source (JSON schema: docs/json.md, metrics: docs/metrics.md).\n")
	return b.Bytes(), nil
}

// doc is one help text: its title line, the Usage: lines, the text before
// Flags:, the flags, and the text after them.
type doc struct {
	title string
	usage []string
	body  []string
	flags []flagLine
	after []string
}

type flagLine struct{ names, desc string }

// flagRe matches a pflag line: "  -o, --output FILE     description".
var flagRe = regexp.MustCompile(`^\s+((?:-[A-Za-z0-9], )?--[A-Za-z0-9][A-Za-z0-9-]*(?: [^\s]+)?)\s{2,}(\S.*)$`)

func parse(text string) doc {
	var d doc
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	section := "title"
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		switch {
		case l == "Usage:":
			section = "usage"
			continue
		case l == "Flags:":
			section = "flags"
			continue
		}
		switch section {
		case "title":
			if l == "" {
				if d.title != "" {
					section = "body"
				}
				continue
			}
			if d.title == "" {
				d.title = l
			} else {
				d.body = append(d.body, l)
			}
		case "usage":
			if l == "" {
				section = "body"
				continue
			}
			d.usage = append(d.usage, l)
		case "body":
			d.body = append(d.body, l)
		case "flags":
			if m := flagRe.FindStringSubmatch(l); m != nil {
				d.flags = append(d.flags, flagLine{names: m[1], desc: m[2]})
				continue
			}
			if l == "" && len(d.after) == 0 {
				continue
			}
			d.after = append(d.after, l)
		}
	}
	return d
}

// summary turns "gtm record — write a capture." into "write a capture.".
func summary(title, name string) string {
	for _, sep := range []string{" — ", " - "} {
		if rest, ok := strings.CutPrefix(title, name+sep); ok {
			return rest
		}
	}
	return title
}

// writeBody writes paragraphs: runs of flush-left lines fill, indented
// lines (tables such as serve's endpoints) stay as they are.
func writeBody(b *bytes.Buffer, lines []string) {
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	inNF := false
	para := false
	for _, l := range lines {
		switch {
		case l == "":
			if inNF {
				b.WriteString(".fi\n")
				inNF = false
			}
			para = false
		case strings.HasPrefix(l, " "):
			if !inNF {
				if !para {
					b.WriteString(".PP\n")
				}
				b.WriteString(".nf\n")
				inNF = true
			}
			b.WriteString(escapeLine(l) + "\n")
			para = true
		default:
			if inNF {
				b.WriteString(".fi\n")
				inNF = false
			}
			if !para {
				b.WriteString(".PP\n")
				para = true
			}
			b.WriteString(escapeLine(l) + "\n")
		}
	}
	if inNF {
		b.WriteString(".fi\n")
	}
}

func writeFlags(b *bytes.Buffer, flags []flagLine) {
	for _, f := range flags {
		// "-o, --output FILE", "--proc-root dir" or "--once"
		short, rest := "", f.names
		if !strings.HasPrefix(rest, "--") {
			short, rest, _ = strings.Cut(rest, ", ")
		}
		long, value, _ := strings.Cut(rest, " ")
		line := "\\fB" + escape(long) + "\\fR"
		if short != "" {
			line = "\\fB" + escape(short) + "\\fR, " + line
		}
		if value != "" {
			line += " \\fI" + escape(value) + "\\fR"
		}
		b.WriteString(".TP\n" + line + "\n" + escapeLine(f.desc) + "\n")
	}
}

// escape makes text safe inside a roff line: backslashes print as
// themselves, hyphens stay hyphens (copy-pasteable options) and
// non-ASCII characters are named by code point.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-':
			b.WriteString(`\-`)
		case r > 0x7e || r < 0x20:
			// groff reads Latin-1 by default: other characters by code point
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// escapeLine escapes a whole text line: one starting with . or ' would
// otherwise be read as a roff request.
func escapeLine(s string) string {
	s = escape(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// quoteArg quotes a .TH/.SS argument (a double quote inside is doubled).
func quoteArg(s string) string {
	return `"` + strings.ReplaceAll(escape(s), `"`, `""`) + `"`
}
