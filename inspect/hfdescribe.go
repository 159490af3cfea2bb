package inspect

import (
	"bytes"
	"path/filepath"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/safefile"
)

// hfFacts are what BuildLLM takes of a served safetensors model.
func hfFacts(id string, m *hfmodel.Model) *HFFacts {
	f := &HFFacts{ID: id, WeightBytes: m.WeightBytes, Complete: m.Complete, Kind: m.Kind, Config: m.Config}
	if c := m.Config; c != nil && c.CanEstimateKV() {
		if b, ok := hfconfig.DTypeBytes(c.TorchDType); ok {
			v := c.KVBytesPerToken(b)
			f.KVPerToken = &v
		}
	}
	return f
}

// resolveServed finds the model a server's command line or API names (an
// HF id or a path) as t's user could: a path (relative ones against t's
// working directory), else a hub id in the hub cache t's environment
// points at. "" when it is not here.
func resolveServed(procRoot string, acc *safefile.Access, t Target, id string) string {
	if id == "" {
		return ""
	}
	p := id
	if !filepath.IsAbs(p) && t.Cwd != "" && filepath.IsAbs(t.Cwd) {
		p = filepath.Join(t.Cwd, p)
	}
	if filepath.IsAbs(p) {
		if _, err := acc.Stat(p); err == nil {
			return filepath.Clean(p)
		}
	}
	if !hfmodel.IsHubID(id) {
		return ""
	}
	env := processEnv(procRoot, t.PID)
	dir, err := hfmodel.Resolve(acc, id, hfmodel.Roots(func(k string) string { return env[k] }, env["HOME"]))
	if err != nil {
		return ""
	}
	return dir
}

// hubEnvKeys are the variables that place a process's hub cache.
var hubEnvKeys = []string{"HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME", "XDG_CACHE_HOME", "HOME"}

// processEnv reads the hub-cache variables of a process's environment
// (readable by its owner and root only), bounded; empty when unreadable.
func processEnv(procRoot string, pid int) map[string]string {
	out := map[string]string{}
	b, err := procroot.ReadFile(filepath.Join(procRoot, itoa(pid), "environ"), 256<<10)
	if err != nil {
		return out
	}
	for _, kv := range bytes.Split(b, []byte{0}) {
		for _, k := range hubEnvKeys {
			if v, ok := bytes.CutPrefix(kv, []byte(k+"=")); ok {
				out[k] = string(v)
			}
		}
	}
	return out
}
