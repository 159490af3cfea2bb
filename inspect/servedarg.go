package inspect

import (
	"strconv"
	"strings"
)

// servedArgs are the flags that name a PyTorch engine's model and its
// tensor-parallel size, per server, as their command lines spell them:
// vLLM (vllm/engine/arg_utils.py: `vllm serve MODEL`, --model,
// --tensor-parallel-size/-tp), SGLang (sglang/srt/server_args.py:
// --model-path/--model, --tp-size/--tp/--tensor-parallel-size), TGI
// (launcher/src/main.rs: --model-id, --num-shard).
var servedArgs = map[string]struct {
	model, tp []string
	// positional: the model may be the word after this one (vllm serve M)
	positional string
}{
	"vllm":   {model: []string{"--model"}, tp: []string{"--tensor-parallel-size", "-tp"}, positional: "serve"},
	"sglang": {model: []string{"--model-path", "--model"}, tp: []string{"--tp-size", "--tp", "--tensor-parallel-size"}},
	"tgi":    {model: []string{"--model-id"}, tp: []string{"--num-shard"}},
}

// servedModelArg is the model a server's command line names (an HF id or
// a path, as written) and its tensor-parallel size (0 when not given).
func servedModelArg(server string, argv []string) (model string, tp int) {
	spec, ok := servedArgs[server]
	if !ok || len(argv) == 0 {
		return "", 0
	}
	value := func(i int, names []string) (string, bool) {
		a := argv[i]
		for _, n := range names {
			if v, ok := strings.CutPrefix(a, n+"="); ok {
				return v, true
			}
			if a == n && i+1 < len(argv) {
				return argv[i+1], true
			}
		}
		return "", false
	}
	for i := 1; i < len(argv); i++ {
		if v, ok := value(i, spec.model); ok && model == "" {
			model = v
		}
		if v, ok := value(i, spec.tp); ok {
			if n, err := strconv.Atoi(v); err == nil && n > 0 && n <= 1024 {
				tp = n
			}
		}
		if spec.positional != "" && argv[i] == spec.positional && i+1 < len(argv) && model == "" &&
			!strings.HasPrefix(argv[i+1], "-") && isServeCommand(argv[:i]) {
			model = argv[i+1]
		}
	}
	return model, tp
}

// isServeCommand: the word before "serve" is the vllm program itself
// (`vllm serve`, `python …/bin/vllm serve`), not an argument value.
func isServeCommand(before []string) bool {
	if len(before) == 0 {
		return false
	}
	last := before[len(before)-1]
	last = strings.ToLower(last[strings.LastIndexAny(last, `/\`)+1:])
	return strings.TrimSuffix(last, ".exe") == "vllm"
}
