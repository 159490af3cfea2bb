// Package cri asks a node's container runtime (containerd, CRI-O,
// cri-dockerd) which Kubernetes pod and container each of its containers
// is, through the labels kubelet gave them: one ListContainers call on
// the runtime's CRI socket, no Kubernetes API credentials.
//
// CRI is gRPC, which is HTTP/2 in cleartext on a Unix socket; this client
// speaks just that one unary call with net/http's unencrypted HTTP/2
// rather than pull in a gRPC library.
package cri

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Container is what the runtime's labels say of one container; a name it
// does not give is "".
type Container struct {
	ID        string // the runtime's container ID, as in the container's cgroup
	PodUID    string
	Namespace string
	Pod       string
	Name      string // the container's name in its PodSpec
}

// Timeout bounds one List: the runtime answers from memory, and gtm must
// not stall a refresh on a runtime that hangs.
const Timeout = time.Second

// ListPath is the gRPC method: package runtime.v1, service RuntimeService.
const ListPath = "/runtime.v1.RuntimeService/ListContainers"

// CheckSocket says, in one line, why path cannot be a CRI socket: it must
// exist and be a Unix socket (a FIFO or a file is never opened).
func CheckSocket(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such socket", path)
	case err != nil:
		return err
	case fi.Mode()&os.ModeSocket == 0:
		return fmt.Errorf("%s is not a Unix socket (%s)", path, kind(fi.Mode()))
	}
	return nil
}

func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m.IsRegular():
		return "a regular file"
	}
	return "mode " + m.Type().String()
}

// List asks the runtime at socket for all its containers.
func List(ctx context.Context, socket string) ([]Container, error) {
	if err := CheckSocket(socket); err != nil {
		return nil, fmt.Errorf("cri: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	// HTTP/2 with prior knowledge, no TLS: what gRPC speaks on a Unix socket.
	var protos http.Protocols
	protos.SetUnencryptedHTTP2(true)
	tr := &http.Transport{
		Protocols: &protos,
		// connect(2) on a path swapped for a FIFO or a file since the stat
		// fails at once; it never opens it.
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", socket)
		},
		MaxResponseHeaderBytes: 64 << 10,
		DisableCompression:     true,
	}
	defer tr.CloseIdleConnections()

	// An empty ListContainersRequest (no filter) in a gRPC frame: flag 0
	// (not compressed), then its length, 0.
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://localhost"+ListPath, bytes.NewReader(make([]byte, 5)))
	if err != nil {
		return nil, fmt.Errorf("cri: %w", err)
	}
	req.Header.Set("Content-Type", "application/grpc")
	req.Header.Set("TE", "trailers")
	req.ContentLength = 5
	resp, err := tr.RoundTrip(req)
	if err != nil {
		return nil, fmt.Errorf("cri: %s: %w", socket, unwrapTimeout(ctx, err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("cri: %s: HTTP status %d, not a gRPC answer", socket, resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/grpc") {
		return nil, fmt.Errorf("cri: %s: content type %q, not a gRPC answer", socket, bound(ct))
	}
	// A failure may come as headers alone (gRPC's Trailers-Only).
	if err := grpcStatus(resp.Header); err != nil {
		return nil, fmt.Errorf("cri: %s: %w", socket, err)
	}
	msg, err := readFrame(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("cri: %s: %w", socket, unwrapTimeout(ctx, err))
	}
	// The trailers arrive once the body is read to its end.
	if _, err := io.Copy(io.Discard, io.LimitReader(resp.Body, 1)); err != nil {
		return nil, fmt.Errorf("cri: %s: %w", socket, unwrapTimeout(ctx, err))
	}
	if resp.Trailer.Get("grpc-status") == "" {
		return nil, fmt.Errorf("cri: %s: the answer has no grpc-status", socket)
	}
	if err := grpcStatus(resp.Trailer); err != nil {
		return nil, fmt.Errorf("cri: %s: %w", socket, err)
	}
	cs, err := Decode(msg)
	if err != nil {
		return nil, fmt.Errorf("cri: %s: %w", socket, err)
	}
	return cs, nil
}

// readFrame reads the one gRPC message of a unary answer: a 5-byte prefix
// (compressed flag, big-endian length), then the message.
func readFrame(r io.Reader) ([]byte, error) {
	var hdr [5]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, fmt.Errorf("reading the answer's frame: %w", err)
	}
	if hdr[0] != 0 {
		return nil, fmt.Errorf("the answer is compressed (flag %d), which was not asked for", hdr[0])
	}
	n := binary.BigEndian.Uint32(hdr[1:])
	if n > MaxResponse {
		return nil, fmt.Errorf("an answer of %d bytes is over the %d MiB limit", n, MaxResponse>>20)
	}
	msg := make([]byte, n)
	if _, err := io.ReadFull(r, msg); err != nil {
		return nil, fmt.Errorf("reading the answer (%d bytes): %w", n, err)
	}
	return msg, nil
}

// grpcStatus is the error a grpc-status header or trailer says, or nil
// for 0 or none.
func grpcStatus(h http.Header) error {
	s := h.Get("grpc-status")
	if s == "" || s == "0" {
		return nil
	}
	code, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("grpc-status %q", bound(s))
	}
	msg := h.Get("grpc-message")
	if m, err := url.PathUnescape(msg); err == nil { // gRPC percent-encodes it
		msg = m
	}
	if code == 12 { // UNIMPLEMENTED: a runtime without CRI v1
		return fmt.Errorf("the runtime does not serve runtime.v1 ListContainers (gRPC status 12 %s)", strconv.Quote(bound(msg)))
	}
	return fmt.Errorf("gRPC status %d %s", code, strconv.Quote(bound(msg)))
}

// bound cuts text from the runtime to one short piece of an error line.
func bound(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

// unwrapTimeout names a deadline as the timeout it is.
func unwrapTimeout(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("no answer within %v", Timeout)
	}
	return err
}
