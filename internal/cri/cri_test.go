//go:build unix

package cri_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/cri"
	"github.com/gputaskman/gtm/internal/cri/critest"
)

var trainer = cri.Container{ID: strings.Repeat("d0", 32), PodUID: "0c0c0c0c-1111-2222-3333-444455556666",
	Namespace: "batch", Pod: "train-3", Name: "trainer"}

func TestListContainers(t *testing.T) {
	other := cri.Container{ID: strings.Repeat("ab", 32), PodUID: "uid-2", Namespace: "web", Pod: "vllm-0", Name: "engine"}
	srv := &critest.Server{Containers: []cri.Container{trainer, other}}
	got, err := cri.List(context.Background(), srv.Start(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != trainer || got[1] != other {
		t.Fatalf("List = %+v", got)
	}
	if srv.Calls() != 1 {
		t.Errorf("%d calls", srv.Calls())
	}
}

func TestListErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// A socket nobody listens on any more.
	dead := filepath.Join(dir, "dead.sock")
	ln, err := net.Listen("unix", dead)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()

	huge := make([]byte, 5)
	huge[1], huge[2], huge[3], huge[4] = 0xff, 0xff, 0xff, 0xff
	for _, tc := range []struct {
		name, socket, want string
	}{
		{"missing", filepath.Join(dir, "none.sock"), "no such socket"},
		{"file", file, "is not a Unix socket (a regular file)"},
		{"fifo", fifo, "is not a Unix socket (a FIFO)"},
		{"dir", dir, "is not a Unix socket (a directory)"},
		{"dead", dead, "connection refused"},
		{"status", (&critest.Server{Status: 14, Message: "runtime going away"}).Start(t), `gRPC status 14 "runtime going away"`},
		{"huge", (&critest.Server{Frame: huge}).Start(t), "an answer of 4294967295 bytes is over the 16 MiB limit"},
		{"compressed", (&critest.Server{Frame: []byte{1, 0, 0, 0, 0}}).Start(t), "compressed"},
		{"short", (&critest.Server{Frame: []byte{0, 0, 0, 0, 9, 1}}).Start(t), "reading the answer (9 bytes)"},
		{"garbage", (&critest.Server{Frame: critest.Frame([]byte{0x0a, 0x7f})}).Start(t), "length 127 exceeds"},
		{"hang", (&critest.Server{Hang: true}).Start(t), "no answer within 1s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			cs, err := cri.List(context.Background(), tc.socket)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("List = %v, %v; want an error with %q", cs, err, tc.want)
			}
			if d := time.Since(start); d > cri.Timeout+time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// Labels that are not kubelet's names are left unknown; the metadata name
// stands in for a missing container-name label.
func TestDecodeBounds(t *testing.T) {
	long := strings.Repeat("x", 300)
	msg := critest.Encode([]cri.Container{
		{ID: "a", PodUID: "u", Namespace: long, Pod: "p/q", Name: "c"},
		{ID: "", Namespace: "n"},
	})
	got, err := cri.Decode(msg)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != (cri.Container{ID: "a", PodUID: "u", Name: "c"}) {
		t.Errorf("Decode = %+v", got)
	}
	if _, err := cri.Decode(make([]byte, cri.MaxResponse+1)); err == nil {
		t.Error("an answer over the limit decoded")
	}
}
