package drm

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A --proc-root tree whose fdinfo, or whose fd folder, is a FIFO: it is
// refused at once, not waited on, and the other processes are still read.
func TestFdinfoFIFONotWaitedOn(t *testing.T) {
	m := newFakeMachine(t)
	m.open(100, "renderD128", amd("15", "0", "0"))
	m.open(101, "renderD128", amd("16", "0", "0"))
	p := filepath.Join(m.proc, "100", "fdinfo", "3")
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(m.proc, "102"), 0o755))
	must(syscall.Mkfifo(filepath.Join(m.proc, "102", "fd"), 0o644))
	done := make(chan struct{})
	go func() {
		defer close(done)
		u := New(m.proc, m.sys).Sample(context.Background(), time.Second).Usage
		if len(u) != 1 || u[0].PID != 101 {
			t.Errorf("usage %+v, want 101's alone", u)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still waiting on a FIFO fdinfo after 10 s")
	}
}

// A --sys-root tree whose hwmon files are FIFOs or a link to /dev/zero:
// each is refused at once (no wait for a writer, no endless read) and
// reads as unknown; the other readings are still taken.
func TestHwmonFIFOAndDeviceNotOpened(t *testing.T) {
	m := newFakeMachine(t)
	hw := filepath.Join(m.sys, "class/drm/card0/device/hwmon/hwmon3")
	for _, name := range []string{"energy1_input", "power1_average"} {
		os.Remove(filepath.Join(hw, name))
		if err := syscall.Mkfifo(filepath.Join(hw, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(hw, "temp1_input")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(hw, "temp1_input")); err != nil {
		t.Fatal(err)
	}
	m.write(filepath.Join(hw, "power1_input"), "12000000\n")
	done := make(chan struct{})
	go func() {
		defer close(done)
		d := New(m.proc, m.sys).Sample(context.Background(), time.Second).Devices
		if len(d) != 1 || d[0].Energy != nil || d[0].TemperatureC != nil || d[0].PowerW == nil || *d[0].PowerW != 12 || *d[0].PowerLimitW != 203 {
			t.Errorf("devices %+v: want no energy or temperature, power from power1_input, the rest read", d)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still waiting on a FIFO hwmon file after 10 s")
	}
}
