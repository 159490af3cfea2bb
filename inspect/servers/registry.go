package servers

import (
	"context"
	"errors"
	"strings"
)

// registry is every server gtm knows, one line each. Recognise asks them
// in this order, and Identify tries their own paths in this order before
// the paths several of them answer. LM Studio comes last: it also claims
// any process started from under ~/.lmstudio, which must not shadow a
// server recognised by its own name.
//
// The Python servers claim only their own module, script or process
// title, so `python -m sglang.launch_server` is never vLLM's, and ComfyUI
// claims `python main.py` only from a ComfyUI folder or with flags only
// ComfyUI has.
var registry = []Server{
	llamaServer{},
	ollama{},
	vllm{},
	sglang{},
	tgi{},
	comfyUI{},
	lmStudio{},
}

// All returns the registered servers, in registry order.
func All() []Server { return append([]Server(nil), registry...) }

// Lookup returns the server of that name, or nil.
func Lookup(name string) Server {
	for _, s := range registry {
		if s.Name() == name {
			return s
		}
	}
	return nil
}

// Recognise tells the server a process belongs to, from its name and
// command line, which callers have before any port; nil and NotServer
// when none claims it.
func Recognise(name string, argv []string) (Server, Role) {
	return RecogniseProcess(Process{Name: name, Argv: argv})
}

// RecogniseProcess is Recognise for callers that also know the process's
// working directory (Process.Cwd), which tells comfy-cli's relative
// `python main.py` apart.
func RecogniseProcess(p Process) (Server, Role) {
	for _, s := range registry {
		if r := s.Recognise(p); r != NotServer {
			return s, r
		}
	}
	return nil, NotServer
}

// Identify tells which server listens on a port by asking the registered
// Checks: every server's own paths in registry order, then the shared
// ones, each path at most once (an old name only after its new name
// answered 404: Check.Fallback), stopping at the first Yes; a Maybe wins
// when nothing says Yes. Checks look at the body, not just the status:
// LM Studio answers unknown paths with 200 and an error. The server is
// nil when none matched; the error is non-nil only when the first request
// reached nothing (the port is down, so the others would not answer).
func Identify(ctx context.Context, g Getter, port int) (Server, error) {
	asked := map[string]answer{}
	var maybe Server
	for _, shared := range []bool{false, true} {
		for _, s := range registry {
			for _, c := range s.Checks() {
				if c.Shared != shared {
					continue
				}
				if c.Fallback != "" && !errors.Is(asked[c.Fallback].err, ErrDisabled) {
					continue // the newer name answered, or was not asked
				}
				a, ok := asked[c.Path]
				if !ok {
					a = get(ctx, g, port, c.Path, nil)
					if len(asked) == 0 && !a.reached {
						return nil, a.err
					}
					asked[c.Path] = a
				}
				switch c.Match(Reply{Status: a.status, Body: a.body, Err: a.err}) {
				case Yes:
					return s, nil
				case Maybe:
					if maybe == nil {
						maybe = s
					}
				}
			}
		}
	}
	return maybe, nil
}

// base is the lower-case last element of a path from any OS, minus ".exe".
func base(p string) string {
	p = p[strings.LastIndexAny(p, `/\`)+1:]
	return strings.TrimSuffix(strings.ToLower(p), ".exe")
}

// firstWord is the first argument that is not a flag.
func firstWord(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// ByLogEngine is the server whose load log torchlog's parser named engine
// reads (LogEngine), nil for none: for a log the user named, whatever
// process it is named for.
func ByLogEngine(engine string) Server {
	for _, s := range registry {
		if l, ok := s.(LogEngine); ok && engine != "" && l.LogEngine() == engine {
			return s
		}
	}
	return nil
}
