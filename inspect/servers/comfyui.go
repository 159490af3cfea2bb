package servers

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
)

// NameComfyUI is ComfyUI (comfyanonymous/ComfyUI).
const NameComfyUI = "comfyui"

// comfyUI is ComfyUI's server: /system_stats and /queue (server.py;
// every route is also under /api).
type comfyUI struct{}

func (comfyUI) Name() string { return NameComfyUI }

// Recognise: `python main.py` run from a ComfyUI folder (the portable
// build's `python_embeded\python.exe -s ComfyUI\main.py`, the desktop
// app's resources/ComfyUI/main.py, a git checkout), or a relative
// main.py whose working directory is one (comfy-cli runs `python main.py`
// in its workspace), or a main.py given flags only ComfyUI has. A bare
// `python main.py` elsewhere is some other program. `comfy launch`
// (Comfy-Org/comfy-cli comfy_cli/command/launch.py) starts ComfyUI as its
// child and serves nothing itself: a Launcher.
func (comfyUI) Recognise(p Process) Role {
	args := p.args()
	for _, b := range p.bases() {
		switch {
		case b == "comfy" || b == "comfy-cli":
			if comfyCLIWord(args) == "launch" {
				return Launcher
			}
		case strings.HasPrefix(b, "python"):
			i := pythonScript(args)
			if i < 0 {
				continue
			}
			script := args[i]
			switch base(script) {
			case "comfy", "comfy-cli":
				if comfyCLIWord(args[i+1:]) == "launch" {
					return Launcher
				}
			case "main.py":
				dir := script[:strings.LastIndexAny(script, `/\`)+1]
				if inComfyDir(dir) || dir == "" && inComfyDir(p.Cwd) || hasComfyFlag(args[i+1:]) {
					return API
				}
			}
		}
	}
	return NotServer
}

// pythonScript is the index of the script Python runs, -1 for none (-m,
// -c or no script). Options that take a value are stepped over.
func pythonScript(args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-m" || a == "-c" || strings.HasPrefix(a, "-m") || strings.HasPrefix(a, "-c"):
			return -1
		case a == "-X" || a == "-W" || a == "--check-hash-based-pycs":
			i++
		case a == "-" || !strings.HasPrefix(a, "-"):
			if a == "-" {
				return -1
			}
			return i
		}
	}
	return -1
}

// comfyCLIWord is comfy-cli's subcommand, past its global options
// (--workspace PATH, --here, --recent, --skip-prompt, ...).
func comfyCLIWord(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--workspace" {
			i++
			continue
		}
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// inComfyDir tells whether a path has a folder named like ComfyUI
// (ComfyUI, ComfyUI-master, ComfyUI_windows_portable), in any case.
func inComfyDir(dir string) bool {
	for _, part := range strings.FieldsFunc(dir, func(r rune) bool { return r == '/' || r == '\\' }) {
		if strings.HasPrefix(strings.ToLower(part), "comfyui") {
			return true
		}
	}
	return false
}

// comfyFlags are ComfyUI options (comfy/cli_args.py) no general-purpose
// program is likely to take; --listen and --port are not among them.
var comfyFlags = []string{
	"--windows-standalone-build", "--highvram", "--lowvram", "--novram", "--normalvram",
	"--use-sage-attention", "--use-split-cross-attention", "--use-quad-cross-attention",
	"--use-pytorch-cross-attention", "--disable-smart-memory", "--front-end-version",
	"--front-end-root", "--extra-model-paths-config", "--preview-method",
	"--disable-all-custom-nodes", "--fp8_e4m3fn-unet", "--fp8_e5m2-unet", "--cpu-vae",
	"--comfy-api-base",
}

func hasComfyFlag(args []string) bool {
	for _, a := range args {
		if i := strings.IndexByte(a, '='); i > 0 {
			a = a[:i]
		}
		if slices.Contains(comfyFlags, a) {
			return true
		}
	}
	return false
}

func (comfyUI) Checks() []Check {
	return []Check{{Path: "/system_stats", Match: func(r Reply) Verdict {
		if r.Err == nil && isComfySystemStats(r.Body) {
			return Yes
		}
		return No
	}}}
}

// isComfySystemStats: system.comfyui_version (since 2024), or a devices
// list whose entries carry vram_total (every version).
func isComfySystemStats(body []byte) bool {
	var st struct {
		System struct {
			Version text `json:"comfyui_version"`
		} `json:"system"`
		Devices list[struct {
			VRAMTotal number `json:"vram_total"`
		}] `json:"devices"`
	}
	if decodeObject(body, &st) != nil {
		return false
	}
	if st.System.Version != "" {
		return true
	}
	for _, d := range st.Devices {
		if d.VRAMTotal.ok {
			return true
		}
	}
	return false
}

func (comfyUI) Probe(ctx context.Context, req ProbeRequest) (*Facts, error) {
	s, err := ProbeComfyUI(ctx, req.Getter, req.Port)
	if err != nil {
		return nil, err
	}
	// prompts running and waiting, as requests are
	return &Facts{Status: status(false, s.NeedsKey), Devices: s.Devices,
		RequestsProcessing: floatPtr(s.QueueRunning), RequestsWaiting: floatPtr(s.QueuePending),
		LoadedModels: s.Models, Notes: endpointNotes(NameComfyUI, s.Errors)}, nil
}

// ComfyUIState is what a ComfyUI server says about itself.
type ComfyUIState struct {
	Source   string // RuntimeReported
	NeedsKey bool   // an endpoint answered 401/403 (a proxy in front)

	// From /system_stats.
	Version string // system.comfyui_version
	Devices []DeviceMemory

	// From /queue: prompts running and waiting, and the model files the
	// nodes of those prompts load (the names as ComfyUI lists them,
	// relative to its model folders). A queued prompt's models are not
	// loaded yet; the running one's are, or are being.
	QueueRunning *int64
	QueuePending *int64
	Models       []string

	Errors map[string]error // per endpoint path, as in LlamaState
}

// ProbeComfyUI reads /system_stats and /queue.
func ProbeComfyUI(ctx context.Context, g Getter, port int) (ComfyUIState, error) {
	s := ComfyUIState{Source: RuntimeReported}
	reached := false
	var firstErr error
	for _, path := range []string{"/system_stats", "/queue"} {
		a := get(ctx, g, port, path, nil)
		reached = reached || a.reached
		if a.err != nil {
			if firstErr == nil {
				firstErr = a.err
			}
			s.NeedsKey = s.NeedsKey || errors.Is(a.err, ErrNeedsKey)
			setErr(&s.Errors, path, a.err)
			if !a.reached {
				break
			}
			continue
		}
		var err error
		if path == "/system_stats" {
			s.Version, s.Devices, err = parseComfySystemStats(a.body)
		} else {
			s.QueueRunning, s.QueuePending, s.Models, err = parseComfyQueue(a.body)
		}
		setErr(&s.Errors, path, err)
	}
	if !reached {
		return s, firstErr
	}
	return s, ctx.Err()
}

// Bounds on what one answer may add to a snapshot.
const (
	maxDevices       = 64
	maxLoadedModels  = 32
	maxModelNameLen  = 512
	maxPromptsParsed = 64
)

// parseComfySystemStats reads the devices of /system_stats (server.py
// system_stats: name, type, index, vram_total, vram_free,
// torch_vram_total, torch_vram_free; the values of
// comfy/model_management.py get_total_memory and get_free_memory).
func parseComfySystemStats(body []byte) (string, []DeviceMemory, error) {
	var st struct {
		System struct {
			Version text `json:"comfyui_version"`
		} `json:"system"`
		Devices list[struct {
			Name           text   `json:"name"`
			Type           text   `json:"type"`
			Index          number `json:"index"`
			VRAMTotal      number `json:"vram_total"`
			VRAMFree       number `json:"vram_free"`
			TorchVRAMTotal number `json:"torch_vram_total"`
			TorchVRAMFree  number `json:"torch_vram_free"`
		}] `json:"devices"`
	}
	if err := decodeObject(body, &st); err != nil {
		return "", nil, err
	}
	var ds []DeviceMemory
	for i, d := range st.Devices {
		if i == maxDevices {
			break
		}
		ds = append(ds, DeviceMemory{Index: d.Index.atLeast(0), Name: string(d.Name), Type: string(d.Type),
			VRAMTotal: d.VRAMTotal.atLeast(0), VRAMFree: d.VRAMFree.atLeast(0),
			TorchVRAMTotal: d.TorchVRAMTotal.atLeast(0), TorchVRAMFree: d.TorchVRAMFree.atLeast(0)})
	}
	return string(st.System.Version), ds, nil
}

// comfyModelInputs are the inputs through which ComfyUI's loader nodes
// (nodes.py: CheckpointLoaderSimple, UNETLoader, VAELoader, LoraLoader,
// CLIPLoader, DualCLIPLoader, ControlNetLoader) name a model file.
var comfyModelInputs = []string{"ckpt_name", "unet_name", "vae_name", "lora_name",
	"clip_name", "clip_name1", "clip_name2", "control_net_name"}

// parseComfyQueue reads /queue: {"queue_running": [...], "queue_pending":
// [...]}, each item [number, prompt_id, prompt, extra_data,
// outputs_to_execute] (server.py post_prompt), a prompt being
// {node_id: {"class_type": ..., "inputs": {...}}}. The counts are every
// item; model names come from the first maxPromptsParsed of each list.
// extra_data (client ids, API-node keys) is never read.
func parseComfyQueue(body []byte) (running, pending *int64, models []string, err error) {
	var q struct {
		Running json.RawMessage `json:"queue_running"`
		Pending json.RawMessage `json:"queue_pending"`
	}
	if err := decodeObject(body, &q); err != nil {
		return nil, nil, nil, err
	}
	seen := map[string]bool{}
	count := func(raw json.RawMessage) *int64 {
		var items []json.RawMessage
		if raw == nil || json.Unmarshal(raw, &items) != nil {
			return nil // absent or not a list: unknown, not empty
		}
		for i, it := range items {
			if i == maxPromptsParsed {
				break
			}
			models = comfyPromptModels(it, seen, models)
		}
		n := int64(len(items))
		return &n
	}
	running = count(q.Running)
	pending = count(q.Pending)
	return running, pending, models, nil
}

// comfyPromptModels appends the model names one queue item's prompt
// names, skipping names already seen, up to maxLoadedModels.
func comfyPromptModels(item json.RawMessage, seen map[string]bool, out []string) []string {
	var fields []json.RawMessage
	if json.Unmarshal(item, &fields) != nil || len(fields) < 3 {
		return out
	}
	var prompt map[string]json.RawMessage
	if json.Unmarshal(fields[2], &prompt) != nil {
		return out
	}
	ids := make([]string, 0, len(prompt))
	for id := range prompt {
		ids = append(ids, id)
	}
	slices.Sort(ids) // map order is random; the answer must not be
	for _, id := range ids {
		var node struct {
			Inputs map[string]json.RawMessage `json:"inputs"`
		}
		if json.Unmarshal(prompt[id], &node) != nil {
			continue
		}
		for _, key := range comfyModelInputs {
			var name string
			// A linked input is [node_id, output]: not a name.
			if json.Unmarshal(node.Inputs[key], &name) != nil || name == "" || len(name) > maxModelNameLen || seen[name] {
				continue
			}
			if len(out) == maxLoadedModels {
				return out
			}
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}
