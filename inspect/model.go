package inspect

import (
	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/internal/schema"
)

// Finding is everything the inspector learned about one process.
type Finding struct {
	Runtimes []schema.Runtime
	Models   []schema.Model
	// MapsError says why the memory maps could not be read; runtimes and
	// mapped evidence are then unknown (nil), not empty.
	MapsError string
	// Tool is whose grammar read the command line: llama.cpp for
	// llama-server and friends (by name, or by ggml libraries and
	// llama.cpp's flags), generic for unknown programs.
	Tool modelargs.Tool
	// Settings are the llama.cpp settings on the command line (-c, -np,
	// -ctk, -ngl, ...), for the LLM estimates.
	Settings modelargs.Settings
	// App is what an app adapter (Handy, ...) read; nil for other
	// processes.
	App *schema.AppState
	// ListenPorts are the TCP ports the process listens on, sorted, as
	// read for its server probes; nil when they were not read (no AI
	// evidence, or no Live).
	ListenPorts []int
	// Notes say why evidence is missing for a reason beyond this process
	// (its proc root is not trusted).
	Notes []string
	// Served is the model a PyTorch server's command line names (vLLM's
	// `serve M`, SGLang's --model-path, TGI's --model-id), as written; TP
	// its tensor-parallel size there (0: not given).
	Served string
	TP     int
}
