package inspect

import (
	"strings"
	"testing"
)

func TestEvidenceRules(t *testing.T) {
	cases := []struct {
		ev                 string
		sorted             string
		confirmed, install bool
	}{
		{"mapped", "mapped", false, false},
		{"cmdline mapped", "mapped cmdline", true, false},
		{"api mapped", "api mapped", true, false},
		{"cmdline api", "api cmdline", true, false},
		{"cmdline", "cmdline", false, false},
		{"installed mapped", "mapped installed", false, false},
		{"installed", "installed", false, true},
		{"installed installed", "installed", false, true},
		{"", "", false, false},
	}
	for _, tc := range cases {
		ev := strings.Fields(tc.ev)
		if got := strings.Join(SortEvidence(ev), " "); got != tc.sorted {
			t.Errorf("%q sorted = %q, want %q", tc.ev, got, tc.sorted)
		}
		if got := Confirmed(ev); got != tc.confirmed {
			t.Errorf("%q confirmed = %v", tc.ev, got)
		}
		if got := OnlyInstalled(ev); got != tc.install {
			t.Errorf("%q only installed = %v", tc.ev, got)
		}
	}
}
