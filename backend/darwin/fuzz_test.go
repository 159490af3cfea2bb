package darwin

import "testing"

// Any input is an error or a value; never a panic.
func FuzzParsePlist(f *testing.F) {
	f.Add(fixture(f, "ioreg-accelerator-1.plist"))
	f.Add([]byte(`<plist><dict><key>a</key><array><integer>1</integer></array></dict></plist>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = ParsePlist(b)
		_, _ = ParseIOReg(b)
	})
}

func FuzzParseFootprint(f *testing.F) {
	f.Add(fixture(f, "footprint-python-bytes.txt"))
	f.Add(fixture(f, "footprint-windowserver-formatted.txt"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = ParseFootprint(b)
		_, _, _ = ParseProcArgs(b)
	})
}
