package wsl

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

//go:embed host.ps1
var hostScript string

// Host stream states, as the snapshot shows them.
const (
	StateStarting = "starting" // no sample yet
	StateOn       = "on"       // samples arrive
	StateFailed   = "failed"   // the stream died; retrying with back-off
	StateOff      = "off"      // --no-host, or interop disabled
)

// Starter starts the host process and returns its stdout; the process ends
// when ctx ends. Tests replace it.
type Starter func(ctx context.Context) (io.ReadCloser, func() error, error)

// Stream keeps the newest host sample from a long-lived powershell.exe.
type Stream struct {
	start Starter

	mu      sync.Mutex
	latest  *HostSample
	state   string
	lastErr error
	first   chan struct{}
	once    sync.Once
	cancel  context.CancelFunc
	done    chan struct{}
	// Backoff bounds: the first retry after Min, doubling up to Max.
	Min, Max time.Duration
}

// NewStream returns a stream over start (PowerShell when nil); Start runs it.
func NewStream(start Starter) *Stream {
	if start == nil {
		start = PowerShell
	}
	return &Stream{start: start, state: StateStarting, first: make(chan struct{}), Min: time.Second, Max: time.Minute}
}

// Start runs the stream until Close, restarting it with back-off.
func (s *Stream) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.done = cancel, make(chan struct{})
	go func() {
		defer close(s.done)
		wait := s.Min
		for ctx.Err() == nil {
			got := s.runOnce(ctx)
			if ctx.Err() != nil {
				return
			}
			if got {
				wait = s.Min // it worked for a while: retry soon
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			if wait *= 2; wait > s.Max {
				wait = s.Max
			}
		}
	}()
}

// runOnce runs the host process until it ends; got says whether it gave at
// least one sample.
func (s *Stream) runOnce(ctx context.Context) (got bool) {
	out, wait, err := s.start(ctx)
	if err != nil {
		s.fail(err)
		return false
	}
	defer out.Close()
	r := bufio.NewReaderSize(out, 64<<10)
	for {
		line, err := readLine(r, MaxLineBytes)
		if len(line) > 0 {
			if hs, perr := ParseLine(line); perr == nil {
				got = true
				s.mu.Lock()
				s.latest, s.state, s.lastErr = &hs, StateOn, nil
				s.mu.Unlock()
				s.once.Do(func() { close(s.first) })
			}
		}
		if err != nil {
			werr := wait()
			if ctx.Err() == nil {
				if werr == nil {
					werr = errors.New("host stream ended")
				}
				s.fail(fmt.Errorf("powershell.exe: %w", werr))
			}
			return got
		}
	}
}

// readLine reads one line, discarding any longer than max.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if len(buf)+len(chunk) <= max {
			buf = append(buf, chunk...)
		} else {
			buf = buf[:0]
			max = -1 // too long: drop the whole line
		}
		if err != nil || !isPrefix {
			if max < 0 {
				return nil, err
			}
			return buf, err
		}
	}
}

func (s *Stream) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastErr = err
	s.state = StateFailed
	s.latest = nil // never serve a stale sample as current
}

// Latest returns the newest sample (nil when none is current) and the
// stream's state, with the last error when it failed.
func (s *Stream) Latest() (*HostSample, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.latest, s.state, s.lastErr
}

// WaitFirst waits for the first sample, at most timeout (for --once).
func (s *Stream) WaitFirst(ctx context.Context, timeout time.Duration) bool {
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-s.first:
		return true
	case <-t.C:
	case <-ctx.Done():
	}
	return false
}

// Close stops the stream and its process.
func (s *Stream) Close() {
	if s.cancel != nil {
		s.cancel()
		<-s.done
	}
}

// PowerShell starts powershell.exe through WSL interop with the embedded
// script on stdin.
func PowerShell(ctx context.Context) (io.ReadCloser, func() error, error) {
	exe, err := findPowerShell()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.CommandContext(ctx, exe, "-NoLogo", "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command", "-")
	cmd.Stdin = strings.NewReader(hostScript)
	cmd.Stderr = io.Discard
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	return out, cmd.Wait, nil
}

func findPowerShell() (string, error) {
	if p, err := exec.LookPath("powershell.exe"); err == nil {
		return p, nil
	}
	// Interop PATH may be off while interop itself works.
	p := filepath.FromSlash("/mnt/c/Windows/System32/WindowsPowerShell/v1.0/powershell.exe")
	if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
		return p, nil
	}
	return "", errors.New("powershell.exe not found (WSL interop PATH is off?)")
}
