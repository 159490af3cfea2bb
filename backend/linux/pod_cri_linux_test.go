package linux

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/cri"
	"github.com/gputaskman/gtm/internal/cri/critest"
)

// The runtime's labels name a pod the kubelet's folders do not, through a
// stand-in CRI socket; the folders' names win where they have them.
func TestPodNamesFromCRI(t *testing.T) {
	const uidC = "0c0c0c0c-1111-2222-3333-444455556666"
	idC := strings.Repeat("d0", 32)
	root := t.TempDir()
	fakeNode(t, root, []string{"ml_llama-0_" + uidA + "/server"}, []string{"llama-0_ml_server-" + idA + ".log"})
	srv := &critest.Server{Containers: []cri.Container{
		{ID: idC, PodUID: uidC, Namespace: "batch", Pod: "train-3", Name: "trainer"},
		// The runtime disagrees with the folders: the folders win.
		{ID: idA, PodUID: uidA, Namespace: "other", Pod: "other-0", Name: "other"},
		// A container whose label names another pod than its cgroup.
		{ID: idB, PodUID: "not-" + uidC, Namespace: "batch", Pod: "train-4", Name: "x"},
	}}
	clock := time.Unix(1000, 0)
	n := NewPodNames(root)
	n.now = func() time.Time { return clock }
	var warned []error
	n.UseCRI(srv.Start(t), func(err error) { warned = append(warned, err) })

	if p := n.Resolve(uidA, idA); str(p.Namespace) != "ml" || str(p.Name) != "llama-0" || str(p.Container) != "server" {
		t.Errorf("named by the folders: %+v", p)
	}
	if srv.Calls() != 0 {
		t.Errorf("the runtime was asked %d times for a pod the folders name", srv.Calls())
	}
	if p := n.Resolve(uidC, idC); str(p.Namespace) != "batch" || str(p.Name) != "train-3" || str(p.Container) != "trainer" || p.UID != uidC {
		t.Errorf("named by the runtime: %+v", p)
	}
	if p := n.Resolve(uidC, idB); str(p.Name) != "train-3" || p.Container != nil {
		t.Errorf("a container of another pod: %+v", p)
	}
	// Cached: an unknown UID within the TTL asks nothing.
	n.Resolve("ffffffff-0000-0000-0000-000000000000", strings.Repeat("f", 64))
	if srv.Calls() != 1 {
		t.Errorf("%d calls within the TTL, want 1", srv.Calls())
	}
	clock = clock.Add(podNamesTTL)
	n.Resolve("ffffffff-0000-0000-0000-000000000000", strings.Repeat("f", 64))
	if srv.Calls() != 2 {
		t.Errorf("%d calls after the TTL, want 2", srv.Calls())
	}
	if len(warned) != 0 {
		t.Errorf("warned: %v", warned)
	}
}

// A failing runtime is said once per new failure, and the last good
// answer is kept.
func TestPodNamesCRIFailure(t *testing.T) {
	const uidC = "0c0c0c0c-1111-2222-3333-444455556666"
	idC := strings.Repeat("d0", 32)
	clock := time.Unix(1000, 0)
	n := NewPodNames(t.TempDir())
	n.now = func() time.Time { return clock }
	var fail error
	n.criList = func(_ context.Context, _ string) ([]cri.Container, error) {
		if fail != nil {
			return nil, fail
		}
		return []cri.Container{{ID: idC, PodUID: uidC, Namespace: "batch", Pod: "train-3", Name: "trainer"}}, nil
	}
	var warned []string
	n.UseCRI("/run/containerd/containerd.sock", func(err error) { warned = append(warned, err.Error()) })
	if p := n.Resolve(uidC, idC); str(p.Name) != "train-3" {
		t.Fatalf("%+v", p)
	}
	fail = errors.New("cri: no answer within 1s")
	for i := 0; i < 3; i++ {
		clock = clock.Add(podNamesTTL)
		if p := n.Resolve(uidC, strings.Repeat("e", 64)); str(p.Name) != "train-3" {
			t.Errorf("the last answer was dropped: %+v", p)
		}
	}
	if len(warned) != 1 || warned[0] != fail.Error() {
		t.Errorf("warned %q", warned)
	}
}

func str(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}
