// Package critest is a stand-in CRI runtime for tests: a gRPC-over-HTTP/2
// server on a Unix socket that answers ListContainers with containers the
// test names, hand-encoded as the runtime would.
package critest

import (
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/gputaskman/gtm/internal/cri"
)

// Server answers ListContainers on a Unix socket.
type Server struct {
	Containers []cri.Container
	// Status is the grpc-status trailer (0: OK) and Message its text.
	Status  int
	Message string
	// Frame, when set, is sent as the whole body instead of the framed
	// answer (a hostile or broken runtime).
	Frame []byte
	// Hang: accept the call and never answer.
	Hang bool

	calls atomic.Int64
}

// Calls is how many ListContainers calls the server has had.
func (s *Server) Calls() int { return int(s.calls.Load()) }

// Start listens on a socket in a fresh temporary folder and returns its
// path; the server stops when the test ends.
func (s *Server) Start(t testing.TB) string {
	t.Helper()
	path := filepath.Join(shortTempDir(t), "cri.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { close(done); ln.Close() })
	var protos http.Protocols
	protos.SetUnencryptedHTTP2(true) // prior knowledge, as gRPC clients speak
	hs := &http.Server{Handler: s.handler(done), Protocols: &protos}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { hs.Close() })
	return path
}

func (s *Server) handler(done <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ProtoMajor != 2 || r.Header.Get("Te") != "trailers" {
			http.Error(w, "gRPC needs HTTP/2 and te: trailers", http.StatusHTTPVersionNotSupported)
			return
		}
		if r.URL.Path != cri.ListPath || r.Header.Get("Content-Type") != "application/grpc" {
			w.Header().Set("Content-Type", "application/grpc")
			w.Header().Set("grpc-status", "12")
			w.Header().Set("grpc-message", "unknown method "+r.URL.Path)
			w.WriteHeader(http.StatusOK)
			return
		}
		s.calls.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		if s.Hang {
			select {
			case <-done:
			case <-r.Context().Done():
			}
			return
		}
		w.Header().Set("Content-Type", "application/grpc")
		w.Header().Set("Trailer", "grpc-status, grpc-message")
		w.WriteHeader(http.StatusOK)
		body := s.Frame
		if body == nil {
			body = Frame(Encode(s.Containers))
		}
		_, _ = w.Write(body)
		w.Header().Set("grpc-status", strconv.Itoa(s.Status))
		if s.Message != "" {
			w.Header().Set("grpc-message", s.Message)
		}
	})
}

// shortTempDir: a Unix socket's path must fit in 108 bytes, which
// t.TempDir (named after the test) may not.
func shortTempDir(t testing.TB) string {
	dir, err := os.MkdirTemp("", "cri")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// Frame wraps a message in gRPC's 5-byte prefix.
func Frame(msg []byte) []byte {
	out := make([]byte, 5, 5+len(msg))
	binary.BigEndian.PutUint32(out[1:], uint32(len(msg)))
	return append(out, msg...)
}

// Encode is a ListContainersResponse of cs, with kubelet's labels (one
// unrelated label too, as runtimes add their own) and the container's
// metadata name.
func Encode(cs []cri.Container) []byte {
	var out []byte
	for _, c := range cs {
		var m []byte
		m = appendString(m, 1, c.ID)
		m = appendString(m, 2, "sandbox-"+c.PodUID)
		m = appendBytes(m, 3, appendString(nil, 1, c.Name))
		m = appendVarint(m, 6, 1) // CONTAINER_RUNNING
		for _, kv := range [][2]string{
			{"io.kubernetes.pod.namespace", c.Namespace},
			{"io.kubernetes.pod.name", c.Pod},
			{"io.kubernetes.pod.uid", c.PodUID},
			{"io.kubernetes.container.name", c.Name},
			{"io.cri-containerd.kind", "container"},
		} {
			m = appendBytes(m, 8, appendString(appendString(nil, 1, kv[0]), 2, kv[1]))
		}
		out = appendBytes(out, 1, m)
	}
	return out
}

func appendVarint(b []byte, field int, v uint64) []byte {
	b = binary.AppendUvarint(b, uint64(field)<<3)
	return binary.AppendUvarint(b, v)
}

func appendBytes(b []byte, field int, v []byte) []byte {
	b = binary.AppendUvarint(b, uint64(field)<<3|2)
	b = binary.AppendUvarint(b, uint64(len(v)))
	return append(b, v...)
}

func appendString(b []byte, field int, s string) []byte { return appendBytes(b, field, []byte(s)) }
