package maptest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestMain(m *testing.M) {
	MaybeRunChild()
	os.Exit(m.Run())
}

func TestStartMapperMapsFilesAndIsReaped(t *testing.T) {
	lib := TempFile(t, "lib dir/libcudart.so.12", 4096)
	model := TempFile(t, "model.gguf", 3*4096+1)
	var pid int
	t.Run("running", func(t *testing.T) {
		pid = StartMapper(t, lib, model, model)
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/maps", pid))
		if err != nil {
			t.Fatal(err)
		}
		maps := string(b)
		if n := strings.Count(maps, " "+model+"\n"); n != 2 {
			t.Errorf("model mapped in %d regions, want 2:\n%s", n, maps)
		}
		if !strings.Contains(maps, " "+lib+"\n") {
			t.Errorf("%s not mapped:\n%s", lib, maps)
		}
	})
	if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); !os.IsNotExist(err) {
		t.Errorf("mapper %d still exists after its test ended (err %v)", pid, err)
	}
}

func TestStartNamedMapper(t *testing.T) {
	pid := StartNamedMapper(t, "llama-server", TempFile(t, "m.gguf", 100))
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(b)); got != "llama-server" {
		t.Errorf("comm = %q, want llama-server", got)
	}
}

// fakeTB records a fatal message and stops its goroutine, as t.Fatal does.
type fakeTB struct {
	testing.TB
	msg string
}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Fatal(args ...any) {
	f.msg = fmt.Sprint(args...)
	runtime.Goexit()
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// fatalOf runs fn with a fakeTB and returns what it failed with.
func fatalOf(t *testing.T, fn func(tb testing.TB)) string {
	f := &fakeTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(f)
	}()
	<-done
	return f.msg
}

func TestStartMapperWithoutHookFailsClearly(t *testing.T) {
	hooked = false
	defer func() { hooked = true }()
	msg := fatalOf(t, func(tb testing.TB) { StartMapper(tb, "/nonexistent") })
	if !strings.Contains(msg, "MaybeRunChild") {
		t.Errorf("fatal message %q does not name the hook", msg)
	}
}

func TestStartMapperReportsChildErrors(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.gguf")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, path := range map[string]string{"empty": empty, "missing": "/nonexistent/x.so"} {
		msg := fatalOf(t, func(tb testing.TB) { StartMapper(tb, path) })
		if !strings.Contains(msg, "mapper failed") || !strings.Contains(msg, path) {
			t.Errorf("%s: fatal message %q", name, msg)
		}
	}
}
