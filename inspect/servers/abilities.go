package servers

// The optional abilities of a Server. Callers find them by a type
// assertion and never by a server's name, so a server that lacks one has
// nothing to say about it and a new one needs no change elsewhere.

// ServedArgs is implemented by a server whose command line names the
// model it serves and the GPUs it splits it over (vLLM, SGLang, TGI).
type ServedArgs interface {
	// ServedArgs reads argv (argv[0] first): the model as written, an HF
	// id or a path, "" when none; the tensor-parallel size, 0 when not
	// given.
	ServedArgs(argv []string) (model string, tp int)
}

// Ranked is implemented by a server whose workers name their
// tensor-parallel rank in their process title or command line.
type Ranked interface {
	// Rank is the rank p names; false when it names none.
	Rank(p Process) (int, bool)
}

// LogEngine is implemented by a server whose processes write a load log
// that one of inspect/torchlog's parsers reads, on their own stdout or
// stderr or their ancestors'.
type LogEngine interface {
	// LogEngine names that parser (torchlog.VLLM, ...).
	LogEngine() string
}

// SharedLog is implemented by a server whose workers write their load
// lines (llama.cpp's, read by inspect/llamacpplog) into one log of the
// server's own. It describes whichever worker loaded last, so it is read
// for a worker only while the server runs exactly one.
type SharedLog interface {
	// SharedLogs are where that log may be, for the user whose home
	// folder is home ("" when unknown), most likely first.
	SharedLogs(home string) []string
}

// MemoryFlag is implemented by a server that takes a fixed share of each
// GPU's memory when it starts, whatever its load, and reports that share
// (Facts.MemoryFraction).
type MemoryFlag interface {
	// MemoryFlag is the command-line flag that sets the share.
	MemoryFlag() string
}

// LlamaCpp is implemented by a server that is llama.cpp itself: its
// command line takes llama.cpp's flags, its defaults are llama.cpp's,
// and it writes llama.cpp's load log on its stderr. An API that says it
// is such a server makes a renamed binary llama.cpp.
type LlamaCpp interface {
	LlamaCpp() bool
}

// IsLlamaCpp tells whether s is llama.cpp itself; false for nil.
func IsLlamaCpp(s Server) bool {
	l, ok := s.(LlamaCpp)
	return ok && l.LlamaCpp()
}

// Unloader is implemented by a server that frees a model when asked.
// Sending the request is a user's explicit, confirmed action
// (docs/design.md, safety rule 5), never collection's.
type Unloader interface {
	// Title is the server's name as people write it ("LM Studio").
	Title() string
	// Unload is the request that frees the model its API knows as model
	// (Facts.Model). For model "" the error says why the API named none.
	Unload(model string) (Request, error)
}

// Request is one HTTP request for a server's loopback port.
type Request struct {
	Method string
	Path   string
	Body   []byte // JSON; nil for none
}
