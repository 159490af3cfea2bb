package diff

import (
	"testing"

	"github.com/gputaskman/gtm/internal/schema"
)

// A row keeps its Kubernetes pod on each side, so a diff of two node
// snapshots says whose VRAM changed.
func TestProcessRefCarriesPod(t *testing.T) {
	s := func(v string) *string { return &v }
	p := schema.Process{PID: 7, PIDLabel: "7", Namespace: s("ml"), Pod: s("llama-0"), PodUID: s("u"), ContainerName: s("server")}
	r := refOf(&p)
	if r.Namespace == nil || *r.Namespace != "ml" || *r.Pod != "llama-0" || *r.Container != "server" {
		t.Errorf("ref = %+v", r)
	}
	if r := refOf(&schema.Process{PID: 8}); r.Namespace != nil || r.Pod != nil || r.Container != nil {
		t.Errorf("a process outside a pod has one: %+v", r)
	}
}
