package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A link planted where the capture goes (here to a file standing in for
// /etc/shadow) is replaced, never written through.
func TestRecordReplacesPlantedLink(t *testing.T) {
	victim := filepath.Join(t.TempDir(), "shadow")
	must(t, os.WriteFile(victim, []byte("root:x:0:\n"), 0o600))
	path := filepath.Join(t.TempDir(), "cap.jsonl")
	must(t, os.Symlink(victim, path))
	code, _, stderr, _ := runWithSource(t, noGPU(), "record", "-o", path, "--duration", "100ms", "-i", "0.05")
	if code != exitOK {
		t.Fatalf("record: %d %q", code, stderr)
	}
	if b, _ := os.ReadFile(victim); string(b) != "root:x:0:\n" {
		t.Errorf("the link's target was overwritten: %q", b)
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("%s is not a regular file: %v %v", path, fi, err)
	}
	if snaps := readCaptureT(t, path); len(snaps) != 2 {
		t.Errorf("%d snapshots", len(snaps))
	}
	if os.Geteuid() == 0 && fi.Mode().Perm() != 0o600 {
		t.Errorf("root's capture is %v, want 0600 (it holds every user's paths)", fi.Mode().Perm())
	}
}

// An existing capture of ours is replaced by the new one.
func TestRecordReplacesOwnFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cap.jsonl")
	must(t, os.WriteFile(path, bytes.Repeat([]byte("old\n"), 10000), 0o644))
	code, _, stderr, _ := runWithSource(t, noGPU(), "record", "-o", path, "--duration", "50ms", "-i", "0.05")
	if code != exitOK {
		t.Fatalf("record: %d %q", code, stderr)
	}
	if snaps := readCaptureT(t, path); len(snaps) != 1 {
		t.Errorf("%d snapshots", len(snaps))
	}
}

// As root, a directory another user owns is refused: they could swap its
// entries under root's feet.
func TestRecordRefusesDirectoryOfAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the directory is given to nobody (uid 65534)")
	}
	dir := t.TempDir()
	must(t, os.Chown(dir, 65534, 65534))
	path := filepath.Join(dir, "cap.jsonl")
	code, stdout, stderr, _ := runWithSource(t, noGPU(), "record", "-o", path, "--duration", "50ms")
	if code != exitRuntime || stdout != "" || strings.Count(stderr, "\n") != 1 ||
		!strings.Contains(stderr, "gtm record: refusing to write "+path+": "+dir+" belongs to uid 65534") {
		t.Errorf("code %d, stderr %q", code, stderr)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("wrote into nobody's directory: %v", ents)
	}
}

// TestBinaryRecordFileSizeLimit fills the capture's "disk" (a file size
// limit: the kernel cuts the write that crosses it short, as a full disk
// does) and checks the file still ends with a complete snapshot.
func TestBinaryRecordFileSizeLimit(t *testing.T) {
	needBinary(t)
	path := filepath.Join(t.TempDir(), "cap.jsonl")
	// 64 blocks of 512 bytes (dash) or 1024 (bash): several snapshots.
	cmd := exec.Command("sh", "-c", `ulimit -f 64 && exec "$0" "$@"`, headlessBinary, "record", "-o", path, "-i", "0.01", "--duration", "60")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitRuntime || !strings.Contains(errb.String(), "file too large") {
		t.Fatalf("want exit 1 on a full file: %v %q", err, errb.String())
	}
	raw, err := os.ReadFile(path)
	must(t, err)
	if len(raw) == 0 || raw[len(raw)-1] != '\n' {
		t.Fatalf("capture of %d bytes ends in a partial line", len(raw))
	}
	if snaps := readCaptureT(t, path); len(snaps) < 2 {
		t.Errorf("%d snapshots", len(snaps))
	}
}

// /dev/stdout names the stream gtm was given: written to, never replaced.
func TestBinaryRecordToDevStdout(t *testing.T) {
	before, err := os.Lstat("/dev/stdout")
	if err != nil {
		t.Skip("no /dev/stdout")
	}
	code, stdout, stderr := runBinary(t, "record", "-o", "/dev/stdout", "--duration", "50ms")
	if code != exitOK || strings.Count(stdout, "\n") != 1 || !strings.Contains(stderr, "wrote 1 snapshots to /dev/stdout") {
		t.Errorf("code %d, %d lines, stderr %q", code, strings.Count(stdout, "\n"), stderr)
	}
	if after, err := os.Lstat("/dev/stdout"); err != nil || !os.SameFile(before, after) || after.Mode() != before.Mode() {
		t.Fatalf("/dev/stdout was replaced: %v", err)
	}
}
