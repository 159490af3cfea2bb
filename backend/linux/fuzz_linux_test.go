package linux

import (
	"os"
	"testing"
)

// FuzzParseStat: any bytes in a stat file give fields or an error, never a
// panic. Seeds live in testdata/fuzz/FuzzParseStat.
func FuzzParseStat(f *testing.F) {
	for _, pid := range []string{"1", "2", "4242", "4343", "777"} {
		if b, err := os.ReadFile("testdata/proc/" + pid + "/stat"); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		st, err := parseStat(b)
		if err == nil && len(st.comm) > len(b) {
			t.Fatalf("comm longer than input")
		}
		_ = splitCmdline(b)
		_, _ = statusUID(b)
	})
}
