// Package wayland checks that a Wayland display socket has a compositor
// behind it before GLFW connects to it: GLFW takes any socket that
// accepts a connection, then fails (or crashes) when what answers does not
// speak Wayland.
//
// Exported API:
//
//   - SocketPath(display, runtimeDir) is where WAYLAND_DISPLAY points: the
//     name itself when absolute, else inside XDG_RUNTIME_DIR.
//   - Probe(path, timeout) connects, asks for the registry and a sync
//     callback, and returns nil once a well-formed answer arrives
//     (wl_registry.global or wl_callback.done); otherwise an error that
//     says what was wrong.
package wayland

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// Object ids of the probe: wl_display is always 1; the client chooses the
// registry's and the callback's.
const (
	displayID  = 1
	registryID = 2
	callbackID = 3
)

// maxMessage bounds one message (libwayland's own limit is 4096 bytes).
const maxMessage = 4096

// SocketPath returns the socket WAYLAND_DISPLAY names.
func SocketPath(display, runtimeDir string) string {
	if filepath.IsAbs(display) {
		return display
	}
	return filepath.Join(runtimeDir, display)
}

// Probe checks that a Wayland compositor answers on the unix socket at
// path within timeout.
func Probe(path string, timeout time.Duration) error {
	c, err := net.DialTimeout("unix", path, timeout)
	if err != nil {
		return fmt.Errorf("cannot connect: %w", unwrapOp(err))
	}
	defer c.Close()
	if err := c.SetDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	// wl_display.get_registry(new_id 2), then wl_display.sync(new_id 3):
	// a compositor answers with the globals, then the callback's done.
	req := make([]byte, 0, 24)
	req = request(req, displayID, 1, registryID)
	req = request(req, displayID, 0, callbackID)
	if _, err := c.Write(req); err != nil {
		return noAnswer(err)
	}
	return readAnswer(c)
}

// request appends a message with one uint32 argument: object id, then
// size<<16 | opcode, in the machine's byte order as the protocol says.
func request(b []byte, object, opcode, arg uint32) []byte {
	b = binary.NativeEndian.AppendUint32(b, object)
	b = binary.NativeEndian.AppendUint32(b, 12<<16|opcode)
	return binary.NativeEndian.AppendUint32(b, arg)
}

// readAnswer reads the first event and checks it is one a compositor
// sends to these requests.
func readAnswer(r io.Reader) error {
	var head [8]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return noAnswer(err)
	}
	object := binary.NativeEndian.Uint32(head[:4])
	size := binary.NativeEndian.Uint32(head[4:]) >> 16
	opcode := binary.NativeEndian.Uint32(head[4:]) & 0xffff
	if size < 8 || size%4 != 0 || size > maxMessage {
		return fmt.Errorf("it answered a malformed message (object %d, size %d)", object, size)
	}
	body := make([]byte, size-8)
	if _, err := io.ReadFull(r, body); err != nil {
		return noAnswer(err)
	}
	switch {
	case object == registryID && opcode == 0:
		return checkGlobal(body)
	case object == callbackID && opcode == 0 && len(body) == 4:
		return nil // wl_callback.done: no globals, but a compositor
	case object == displayID && opcode == 0:
		return errors.New("it answered with a protocol error")
	}
	return fmt.Errorf("it answered an unexpected message (object %d, opcode %d, size %d)", object, opcode, size)
}

// checkGlobal checks wl_registry.global(name uint, interface string,
// version uint): the string is a length with its NUL, padded to 4 bytes.
func checkGlobal(b []byte) error {
	bad := errors.New("it answered a malformed registry event")
	if len(b) < 12 {
		return bad
	}
	n := binary.NativeEndian.Uint32(b[4:8])
	padded := (uint64(n) + 3) &^ 3
	if n == 0 || uint64(len(b)) != 8+padded+4 || b[8+n-1] != 0 {
		return bad
	}
	return nil
}

func noAnswer(err error) error {
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return errors.New("no answer")
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return errors.New("it closed the connection")
	}
	return unwrapOp(err)
}

// unwrapOp drops net.OpError's "dial unix /path:" prefix; the caller
// names the socket.
func unwrapOp(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err
	}
	return err
}
