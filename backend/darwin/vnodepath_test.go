package darwin

import (
	"os"
	"testing"
)

// The working directory decodes from a proc_vnodepathinfo built from the
// header's layout; bad input is a one-line error, never a guessed path.
func TestDecodeCwd(t *testing.T) {
	b, err := os.ReadFile("testdata/vnodepathinfo-cwd.bin")
	if err != nil {
		t.Fatal(err)
	}
	if d, err := DecodeCwd(b); err != nil || d != "/Users/ann/llama" {
		t.Fatalf("%q, %v", d, err)
	}
	if _, err := DecodeCwd(b[:VnodePathInfoSize-1]); err == nil {
		t.Error("a short buffer decoded")
	}
	empty := append([]byte(nil), b...)
	clear(empty[offCwdPath : offCwdPath+maxPathLen])
	if _, err := DecodeCwd(empty); err == nil {
		t.Error("an empty working directory decoded")
	}
	unterminated := append([]byte(nil), b...)
	for i := offCwdPath; i < offCwdPath+maxPathLen; i++ {
		unterminated[i] = '/'
	}
	if _, err := DecodeCwd(unterminated); err == nil {
		t.Error("an unterminated path decoded")
	}
	relative := append([]byte(nil), b...)
	copy(relative[offCwdPath:], "llama\x00")
	if _, err := DecodeCwd(relative); err == nil {
		t.Error("a relative working directory decoded")
	}
}
