package servers

import (
	"strconv"
	"strings"
)

// What the PyTorch engines' command lines and process titles share: the
// flags that name the model and the tensor-parallel size, and the rank
// in a setproctitle title.

// servedFlags are the flags that name a server's model and its
// tensor-parallel size, as its command line spells them.
type servedFlags struct {
	model, tp []string
	// modelAfter, when set, tells whether the model may be the word after
	// argv[i] (`vllm serve MODEL`).
	modelAfter func(argv []string, i int) bool
}

// maxTP bounds a tensor-parallel size taken from a command line.
const maxTP = 1024

// read is ServedArgs by these flags: the first model named, and the last
// tensor-parallel size from 1 to maxTP.
func (s servedFlags) read(argv []string) (model string, tp int) {
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
		if v, ok := value(i, s.model); ok && model == "" {
			model = v
		}
		if v, ok := value(i, s.tp); ok {
			if n, err := strconv.Atoi(v); err == nil && n > 0 && n <= maxTP {
				tp = n
			}
		}
		if s.modelAfter != nil && i+1 < len(argv) && model == "" &&
			!strings.HasPrefix(argv[i+1], "-") && s.modelAfter(argv, i) {
			model = argv[i+1]
		}
	}
	return model, tp
}

// titleRank reads the rank a setproctitle title ends in,
// "<prefix>::<name>_TP<n>" (vLLM's "VLLM::Worker_TP1", SGLang's
// "sglang::scheduler_DP0_TP1"), from the process name or argv[0].
func titleRank(p Process) (int, bool) {
	cands := []string{p.Name}
	if len(p.Argv) > 0 {
		cands = append(cands, p.Argv[0])
	}
	for _, c := range cands {
		if i := strings.LastIndex(c, "_TP"); i >= 0 && strings.Contains(c, "::") {
			if n, ok := leadingInt(c[i+3:]); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// leadingInt parses the digits s starts with (at most 4: ranks are small).
func leadingInt(s string) (int, bool) {
	n, i := 0, 0
	for i < len(s) && i < 4 && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	return n, i > 0
}
