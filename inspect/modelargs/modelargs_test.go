package modelargs

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func f64(v float64) *float64 { return &v }

// m builds an expected resolved file argument.
func m(role Role, flag, value, path string) ModelArg {
	return ModelArg{Role: role, Kind: KindFile, Flag: flag, Value: value, Path: path, Resolved: true}
}

// parseCase is a command line, the folder it ran in, and the tool and
// model arguments Parse should find in it.
type parseCase struct {
	name string
	argv string
	cwd  string
	tool Tool
	want []ModelArg
}

// runParseCases checks each case in a subtest of its own; none may warn.
func runParseCases(t *testing.T, cases []parseCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			r := Parse(strings.Fields(strings.ReplaceAll(tt.argv, "'a cat'", "a_cat")), tt.cwd)
			if r.Tool != tt.tool {
				t.Errorf("tool %q, want %q", r.Tool, tt.tool)
			}
			if !reflect.DeepEqual(r.Models, tt.want) {
				t.Errorf("models:\n got %s\nwant %s", show(r.Models), show(tt.want))
			}
			if len(r.Warnings) != 0 {
				t.Errorf("warnings: %q", r.Warnings)
			}
		})
	}
}

// TestParseModels: llama.cpp's programs and their flags.
func TestParseModels(t *testing.T) {
	runParseCases(t, []parseCase{
		{
			name: "llama-server with many flags",
			argv: "/opt/llama.cpp/build/bin/llama-server -m models/Qwen3-30B-A3B-Q4_K_M.gguf --mmproj /models/mmproj-F16.gguf " +
				"-md draft.gguf --lora a.gguf,b.gguf --lora-scaled c.gguf 0.5 -c 32768 -np 4 -ctk q8_0 -ctv q4_0 " +
				"-ngl 99 -fa on --swa-full -ub 512 -b 2048 -t 16 --jinja -hf unsloth/Qwen3-8B-GGUF:Q4_K_M " +
				"--hf-file other.gguf --port 8080",
			cwd:  "/srv/llm",
			tool: ToolLlamaCpp,
			want: []ModelArg{
				m(RoleModel, "-m", "models/Qwen3-30B-A3B-Q4_K_M.gguf", "/srv/llm/models/Qwen3-30B-A3B-Q4_K_M.gguf"),
				m(RoleProjector, "--mmproj", "/models/mmproj-F16.gguf", "/models/mmproj-F16.gguf"),
				m(RoleDraft, "-md", "draft.gguf", "/srv/llm/draft.gguf"),
				m(RoleLoRA, "--lora", "a.gguf", "/srv/llm/a.gguf"),
				m(RoleLoRA, "--lora", "b.gguf", "/srv/llm/b.gguf"),
				{Role: RoleLoRA, Kind: KindFile, Flag: "--lora-scaled", Value: "c.gguf", Path: "/srv/llm/c.gguf", Resolved: true, Scale: f64(0.5)},
				{Role: RoleModel, Kind: KindRepo, Flag: "-hf", Value: "unsloth/Qwen3-8B-GGUF:Q4_K_M"},
			},
		},
		{
			name: "equals forms and new-style scaled LoRAs",
			argv: "llama-cli --model=/m/x.gguf --lora-scaled=a.gguf:0.5,b.gguf:1 --control-vector-scaled cv.gguf 0.8",
			cwd:  "/m",
			tool: ToolLlamaCpp,
			want: []ModelArg{
				m(RoleModel, "--model", "/m/x.gguf", "/m/x.gguf"),
				{Role: RoleLoRA, Kind: KindFile, Flag: "--lora-scaled", Value: "a.gguf", Path: "/m/a.gguf", Resolved: true, Scale: f64(0.5)},
				{Role: RoleLoRA, Kind: KindFile, Flag: "--lora-scaled", Value: "b.gguf", Path: "/m/b.gguf", Resolved: true, Scale: f64(1)},
				{Role: RoleControlVector, Kind: KindFile, Flag: "--control-vector-scaled", Value: "cv.gguf", Path: "/m/cv.gguf", Resolved: true, Scale: f64(0.8)},
			},
		},
		{
			name: "unknown cwd, home-relative and after --",
			argv: "llama-mtmd-cli -m ../models/g.gguf --mmproj ~/mm.gguf -- tail.gguf",
			tool: ToolLlamaCpp,
			want: []ModelArg{
				{Role: RoleModel, Kind: KindFile, Flag: "-m", Value: "../models/g.gguf", Path: "../models/g.gguf"},
				{Role: RoleProjector, Kind: KindFile, Flag: "--mmproj", Value: "~/mm.gguf", Path: "~/mm.gguf"},
				{Role: RolePositional, Kind: KindFile, Value: "tail.gguf", Path: "tail.gguf"},
			},
		},
		{
			name: "llama-quantize positionals",
			argv: "llama-quantize --imatrix imatrix.dat in-f16.gguf out-q4.gguf Q4_K_M 8",
			cwd:  "/q",
			tool: ToolLlamaCpp,
			want: []ModelArg{
				{Role: RolePositional, Kind: KindFile, Value: "in-f16.gguf", Path: "/q/in-f16.gguf", Resolved: true},
				{Role: RolePositional, Kind: KindFile, Value: "out-q4.gguf", Path: "/q/out-q4.gguf", Resolved: true},
			},
		},
	})
}

// TestParseModelsOtherTools: ggml-based tools with flags of their own.
func TestParseModelsOtherTools(t *testing.T) {
	const blob = "/usr/share/ollama/.ollama/models/blobs/sha256-6e4c38e1172f42fdbff13edf9a7a017679fb82b0fde415a3e8b3c31c6ed4a4e4"
	runParseCases(t, []parseCase{
		{
			name: "ollama runner",
			argv: "/usr/local/bin/ollama runner --model " + blob + " --ctx-size 8192 --batch-size 512 --n-gpu-layers 29 --threads 8 --parallel 1 --port 41234",
			tool: ToolOllama,
			want: []ModelArg{m(RoleModel, "--model", blob, blob)},
		},
		{
			name: "ollama runner, Go flag spelling",
			argv: "ollama runner --ollama-engine -model=" + blob + " -port 5000",
			tool: ToolOllama,
			want: []ModelArg{m(RoleModel, "-model", blob, blob)},
		},
		{
			name: "stable-diffusion.cpp",
			argv: "./bin/sd --diffusion-model models/flux1-dev-q4_0.gguf --vae models/ae.safetensors --clip_l models/clip_l.safetensors " +
				"--t5xxl models/t5xxl_fp16.safetensors --llm qwen.gguf -p 'a cat' -b 4 --lora-model-dir models/loras --cfg-scale 1.0",
			cwd:  "/home/u/sd",
			tool: ToolStableDiffusion,
			want: []ModelArg{
				m(RoleDiffusion, "--diffusion-model", "models/flux1-dev-q4_0.gguf", "/home/u/sd/models/flux1-dev-q4_0.gguf"),
				m(RoleVAE, "--vae", "models/ae.safetensors", "/home/u/sd/models/ae.safetensors"),
				m(RoleClipL, "--clip_l", "models/clip_l.safetensors", "/home/u/sd/models/clip_l.safetensors"),
				m(RoleT5XXL, "--t5xxl", "models/t5xxl_fp16.safetensors", "/home/u/sd/models/t5xxl_fp16.safetensors"),
				m(RoleLLM, "--llm", "qwen.gguf", "/home/u/sd/qwen.gguf"),
			},
		},
		{
			name: "whisper.cpp",
			argv: "./build/bin/whisper-cli -m models/ggml-base.en.bin -f samples/jfk.wav -t 8",
			cwd:  "/src/whisper.cpp",
			tool: ToolWhisper,
			want: []ModelArg{m(RoleModel, "-m", "models/ggml-base.en.bin", "/src/whisper.cpp/models/ggml-base.en.bin")},
		},
	})
}

// TestParseModelsGeneric: programs gtm knows no flags of (Python scripts,
// engines started through python), read by the generic rules.
func TestParseModelsGeneric(t *testing.T) {
	runParseCases(t, []parseCase{
		{
			name: "vllm through python: a hub repository or a folder",
			argv: "/usr/bin/python3 -m vllm.entrypoints.openai.api_server --model Qwen/Qwen3-8B --port 8000 -c x",
			cwd:  "/app",
			tool: ToolGeneric,
			want: []ModelArg{{Role: RoleModel, Kind: KindFileOrRepo, Flag: "--model", Value: "Qwen/Qwen3-8B", Path: "/app/Qwen/Qwen3-8B", Resolved: true}},
		},
		{
			name: "python script with positional and flagged files",
			argv: "python generate.py --ckpt ./weights/model.safetensors --model-path /models/llama model.onnx notes.bin --vae vae.pt --model https://example.com/m.gguf",
			cwd:  "/srv/app",
			tool: ToolGeneric,
			want: []ModelArg{
				{Role: RolePositional, Kind: KindFile, Value: "./weights/model.safetensors", Path: "/srv/app/weights/model.safetensors", Resolved: true},
				m(RoleModel, "--model-path", "/models/llama", "/models/llama"),
				{Role: RolePositional, Kind: KindFile, Value: "model.onnx", Path: "/srv/app/model.onnx", Resolved: true},
				m(RoleVAE, "--vae", "vae.pt", "/srv/app/vae.pt"),
				{Role: RoleModel, Kind: KindRepo, Flag: "--model", Value: "https://example.com/m.gguf"},
			},
		},
		{
			name: "python -m with a model file, and a TensorRT engine",
			argv: "python3 run.py -m model.gguf --loadEngine=/trt/model.plan",
			cwd:  "/w",
			tool: ToolGeneric,
			want: []ModelArg{
				m(RoleModel, "-m", "model.gguf", "/w/model.gguf"),
				{Role: RolePositional, Kind: KindFile, Value: "/trt/model.plan", Path: "/trt/model.plan", Resolved: true},
			},
		},
	})
}

func show(ms []ModelArg) string {
	var b strings.Builder
	for _, m := range ms {
		s := "-"
		if m.Scale != nil {
			s = fmt.Sprint(*m.Scale)
		}
		fmt.Fprintf(&b, "\n  {%s %s %q %q %q %v %s}", m.Role, m.Kind, m.Flag, m.Value, m.Path, m.Resolved, s)
	}
	return b.String()
}

func TestParseSettings(t *testing.T) {
	r := Parse(strings.Fields("llama-server -m m.gguf -c 32768 -np 4 -ctk Q8_0 -ctv q4_0 -ngl all -fa auto --swa-full "+
		"-ub 512 -b 2048 --log-file logs/s.log --api-key sk-secret --api-key-file /etc/k --host 0.0.0.0 --port 8080"), "/srv")
	s := r.Settings
	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	check("ctx", *s.CtxSize, 32768)
	check("parallel", *s.Parallel, 4)
	check("ctk", *s.CacheTypeK, "q8_0")
	check("ctv", *s.CacheTypeV, "q4_0")
	check("ngl", *s.GPULayers, GPULayers{Mode: "all"})
	check("fa", *s.FlashAttn, "auto")
	check("swa", *s.SWAFull, true)
	check("ub", *s.UBatchSize, 512)
	check("b", *s.BatchSize, 2048)
	check("log", *s.LogFile, "/srv/logs/s.log")
	check("key", s.APIKey.Reveal(), "sk-secret")
	check("keyfile", *s.APIKeyFile, "/etc/k")
	check("host", *s.Host, "0.0.0.0")
	check("port", *s.Port, 8080)

	// The Ollama runner from the brief: its numbers, nothing else.
	o := Parse(strings.Fields("ollama runner --model /b --ctx-size 8192 --batch-size 512 --n-gpu-layers 29 --threads 8 --parallel 1 --port 41234 --kv-cache-type q8_0 --flash-attn"), "")
	check("ollama ctx", *o.Settings.CtxSize, 8192)
	check("ollama batch", *o.Settings.BatchSize, 512)
	check("ollama ngl", *o.Settings.GPULayers, GPULayers{Count: 29})
	check("ollama parallel", *o.Settings.Parallel, 1)
	check("ollama port", *o.Settings.Port, 41234)
	check("ollama kv", [2]string{*o.Settings.CacheTypeK, *o.Settings.CacheTypeV}, [2]string{"q8_0", "q8_0"})
	check("ollama fa", *o.Settings.FlashAttn, "on")
	check("ollama ub", o.Settings.UBatchSize, (*int)(nil))
	check("ollama host", o.Settings.Host, (*string)(nil))
}

func TestFlashAttnForms(t *testing.T) {
	tests := []struct {
		argv string
		want string
		// the token after -fa must still be read as a model when it is one
		model bool
	}{
		{"llama-server -fa -m x.gguf", "on", true},        // old: a bare switch
		{"llama-server -fa on -m x.gguf", "on", true},     // new: a value
		{"llama-server -fa off -m x.gguf", "off", true},   //
		{"llama-server --flash-attn=auto", "auto", false}, //
		{"llama-server -fa 1", "on", false},               //
		{"llama-server -fa x.gguf", "on", true},           // not a value: positional
		{"llama-server -fa", "on", false},                 //
	}
	for _, tt := range tests {
		r := Parse(strings.Fields(tt.argv), "/")
		if r.Settings.FlashAttn == nil || *r.Settings.FlashAttn != tt.want {
			t.Errorf("%s: fa %v, want %s", tt.argv, r.Settings.FlashAttn, tt.want)
		}
		if (len(r.Models) == 1) != tt.model {
			t.Errorf("%s: models %s", tt.argv, show(r.Models))
		}
	}
}

func TestBadValues(t *testing.T) {
	argv := strings.Fields("llama-server -c abc -np -5 -ngl lots -ub 1e3 --port 99999 -ctk q9_9 --flash-attn=maybe --swa-full=perhaps --api-key= --model=")
	argv = append(argv, "--host", "", "--lora-scaled", "a.gguf", "half", "-m")
	r := Parse(argv, "/")
	s := r.Settings
	if s.CtxSize != nil || s.Parallel != nil || s.GPULayers != nil || s.UBatchSize != nil || s.Port != nil ||
		s.CacheTypeK != nil || s.FlashAttn != nil || s.SWAFull != nil || s.APIKey != nil || s.Host != nil {
		t.Errorf("bad values kept: %+v", s)
	}
	if len(r.Warnings) != 13 {
		t.Errorf("%d warnings, want 13: %q", len(r.Warnings), r.Warnings)
	}
	// The LoRA is kept without a scale; "half" is not taken as its scale.
	if len(r.Models) != 1 || r.Models[0].Scale != nil || r.Models[0].Value != "a.gguf" {
		t.Errorf("models %s", show(r.Models))
	}
}

// Other tools' -b, -c and -t are not llama.cpp settings.
func TestSettingsOnlyForLlama(t *testing.T) {
	for _, argv := range []string{
		"sd -m m.safetensors -b 4 -c cfg --port 1",
		"whisper-server -m ggml.bin -c 3 --port 8080",
		"python train.py -c config.yaml -b 8",
	} {
		r := Parse(strings.Fields(argv), "/")
		if !reflect.DeepEqual(r.Settings, Settings{}) || len(r.Warnings) != 0 {
			t.Errorf("%s: settings %+v, warnings %q", argv, r.Settings, r.Warnings)
		}
	}
}

func TestSecretNeverPrinted(t *testing.T) {
	r := Parse([]string{"llama-server", "--api-key", "sk-verysecret", "-c", "sk-verysecret"}, "")
	k := *r.Settings.APIKey
	j, _ := json.Marshal(r.Settings)
	for _, s := range []string{fmt.Sprint(k), fmt.Sprintf("%s %v %+v %#v %q", k, k, k, k, k), string(j), strings.Join(r.Warnings, " ")} {
		if strings.Contains(s, "verysecret") {
			t.Errorf("secret leaked: %s", s)
		}
	}
	bad := Parse([]string{"llama-server", "--api-key="}, "")
	if strings.Contains(strings.Join(bad.Warnings, ""), `""`) {
		t.Errorf("key shown in warning: %q", bad.Warnings)
	}
}

func TestDetectTool(t *testing.T) {
	for argv0, want := range map[string]Tool{
		"/usr/local/bin/ollama":                               ToolOllama,
		"/tmp/ollama123/runners/cuda_v12/ollama_llama_server": ToolOllama,
		"llama-server":                                        ToolLlamaCpp,
		`C:\llama\llama-cli.exe`:                              ToolLlamaCpp,
		"./llamafile":                                         ToolLlamaCpp,
		"/opt/sd/bin/sd-cli":                                  ToolStableDiffusion,
		"whisper-server":                                      ToolWhisper,
		"/home/u/.local/bin/whisper":                          ToolGeneric,
		"python3":                                             ToolGeneric,
		"/usr/lib/jvm/java-21-openjdk-amd64/bin/java":         ToolGeneric,
	} {
		if got := detectTool([]string{argv0}); got != want {
			t.Errorf("%s: %q, want %q", argv0, got, want)
		}
	}
	if r := Parse(nil, "/"); r.Tool != ToolGeneric || r.Models != nil {
		t.Errorf("empty argv: %+v", r)
	}
}

// The llama.cpp switches that size memory: unified KV, slots' context,
// devices, KV offload, MoE experts, mmap, embeddings.
func TestMemorySwitches(t *testing.T) {
	r := Parse(strings.Fields("llama-server -m m.gguf -kvu --kv-unified-per-slot 4096 -dev none -nkvo --n-cpu-moe 3 --load-mode none --embedding -b 256"), "")
	s := r.Settings
	if len(r.Warnings) > 0 || s.KVUnified == nil || !*s.KVUnified || *s.KVUnifiedPerSlot != 4096 || *s.Devices != "none" ||
		!*s.NoKVOffload || *s.NCPUMoE != 3 || *s.Mmap || !*s.Embeddings || *s.BatchSize != 256 {
		t.Errorf("settings %+v warnings %v", s, r.Warnings)
	}
	s = Parse(strings.Fields("llama-server --no-kv-unified -kvo --mmap -cmoe"), "").Settings
	if *s.KVUnified || *s.NoKVOffload || !*s.Mmap || *s.NCPUMoE < 1000 {
		t.Errorf("settings %+v", s)
	}
	// a switch takes no value: the next token is not swallowed
	r = Parse(strings.Fields("llama-server -kvu -m m.gguf"), "/srv")
	if len(r.Models) != 1 || r.Models[0].Path != "/srv/m.gguf" {
		t.Errorf("models %+v", r.Models)
	}
	if r := Parse(strings.Fields("llama-server --load-mode bogus"), ""); len(r.Warnings) != 1 {
		t.Errorf("warnings %v", r.Warnings)
	}
	// a renamed binary is read with llama.cpp's grammar on request
	argv := strings.Fields("/opt/engine -m m.gguf -c 4096 --log-file x.log")
	if g := Parse(argv, "/srv"); g.Settings.LogFile != nil || g.Tool != ToolGeneric {
		t.Errorf("generic read %+v", g.Settings)
	}
	if l := ParseAs(argv, "/srv", ToolLlamaCpp); l.Settings.LogFile == nil || *l.Settings.LogFile != "/srv/x.log" || *l.Settings.CtxSize != 4096 {
		t.Errorf("llama.cpp read %+v", l.Settings)
	}
}
