package main

import (
	"strings"
	"testing"
)

// Every --help lists a flag's default only when it says something: a
// repeatable flag's empty list is no default ("(default [])").
func TestHelpShowsNoEmptyDefaults(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"serve", "--help"}, {"record", "--help"},
		{"inspect", "--help"}, {"model", "--help"}, {"diff", "--help"}, {"summary", "--help"}} {
		var out, errb strings.Builder
		if code := run(args, env{stdout: &out, stderr: &errb}); code != exitOK {
			t.Errorf("%v: exit %d: %s", args, code, errb.String())
		}
		if strings.Contains(out.String(), "(default [])") {
			t.Errorf("%v lists an empty default:\n%s", args, out.String())
		}
		if !strings.Contains(out.String(), "--") {
			t.Errorf("%v printed no flags:\n%s", args, out.String())
		}
	}
}
