package gguf

import (
	"strings"
	"unicode"
)

// decisionNames are the local decision-model families we recognise by
// name. Each is a sequence of name tokens ("julia-1" is two).
var decisionNames = [][]string{
	{"openjev"},
	{"laya"},
	{"julia", "1"},
	{"lev"},
	{"kev"},
}

// KindHint looks for a known decision-model name in the file names, their
// immediate folders, or store names passed in (e.g. "ollama:laya:latest").
// Names match only as whole delimited tokens — split on anything that is
// not a letter or digit — so "kev-7b.gguf" and "Laya-Q4_K_M.gguf" match
// while "clever.gguf", "kevlar" and "levels" do not. It returns the hinted
// kind ("decision") and a label such as "likely decision model (laya)",
// or two empty strings. The hint is evidence for a person to read; it
// never changes File.Kind.
func KindHint(paths ...string) (hint string, label string) {
	for _, p := range paths {
		for _, part := range lastTwo(p) {
			if name, ok := matchDecisionName(tokens(part)); ok {
				return string(KindDecision), "likely decision model (" + name + ")"
			}
		}
	}
	return "", ""
}

// lastTwo is the base name and its folder; deeper folders say nothing
// about this file (a "kev" user directory must not tag every model).
func lastTwo(p string) []string {
	parts := strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' })
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return parts
}

func tokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

func matchDecisionName(toks []string) (string, bool) {
	for i := range toks {
		for _, name := range decisionNames {
			if i+len(name) > len(toks) {
				continue
			}
			match := true
			for j, want := range name {
				if toks[i+j] != want {
					match = false
					break
				}
			}
			if match {
				return strings.Join(name, "-"), true
			}
		}
	}
	return "", false
}
