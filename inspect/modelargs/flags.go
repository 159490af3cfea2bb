package modelargs

// Role is what a model argument is for.
type Role string

const (
	RoleModel         Role = "model"
	RoleProjector     Role = "projector" // --mmproj
	RoleLoRA          Role = "lora"
	RoleDraft         Role = "draft" // speculative decoding
	RoleVocoder       Role = "vocoder"
	RoleControlVector Role = "control_vector"
	RoleDiffusion     Role = "diffusion_model"
	RoleHighNoise     Role = "high_noise_diffusion_model"
	RoleVAE           Role = "vae"
	RoleTAESD         Role = "taesd"
	RoleClipL         Role = "clip_l"
	RoleClipG         Role = "clip_g"
	RoleClipVision    Role = "clip_vision"
	RoleT5XXL         Role = "t5xxl"
	RoleLLM           Role = "llm" // stable-diffusion.cpp's LLM text encoder
	RoleLLMVision     Role = "llm_vision"
	RoleControlNet    Role = "control_net"
	RolePhotoMaker    Role = "photo_maker"
	RoleUpscale       Role = "upscale_model"
	RoleVAD           Role = "vad_model" // whisper.cpp voice activity detection
	RolePositional    Role = "positional"
)

type action int

const (
	actFile          action = iota // value is a model file
	actFileList                    // comma-separated model files (llama.cpp --lora)
	actScaled                      // FILE SCALE, or FILE:SCALE,... (--lora-scaled)
	actRepo                        // value is a repository name
	actGenericModel                // a launcher's --model: file, repository or URL
	actModuleOrModel               // a launcher's -m: python's module, unless it names a model file
	actSkip                        // value is not a model; taken so it is not read as positional
	actSetting                     // value is a llama.cpp setting
	actSwitch                      // setting with no value, or an inline =value
	actOptional                    // setting whose value may follow (-fa [on|off|auto])
)

type flagSpec struct {
	act  action
	role Role    // for model flags
	set  setting // for settings
}

// skip takes a flag's value without reading it.
var skip = flagSpec{act: actSkip}

// Flags every tool may use: their names are specific enough that a generic
// launcher means the same by them.
var commonFlags = map[string]flagSpec{
	"--model-path":  {act: actGenericModel, role: RoleModel},
	"--model_path":  {act: actGenericModel, role: RoleModel},
	"--mmproj":      {act: actFile, role: RoleProjector},
	"--lora":        {act: actFile, role: RoleLoRA},
	"--model-draft": {act: actFile, role: RoleDraft},
	"-hf":           {act: actRepo, role: RoleModel},
	"-hfr":          {act: actRepo, role: RoleModel},
	"--hf-repo":     {act: actRepo, role: RoleModel},

	// stable-diffusion.cpp's components.
	"--diffusion-model":            {act: actFile, role: RoleDiffusion},
	"--high-noise-diffusion-model": {act: actFile, role: RoleHighNoise},
	"--vae":                        {act: actFile, role: RoleVAE},
	"--taesd":                      {act: actFile, role: RoleTAESD},
	"--clip_l":                     {act: actFile, role: RoleClipL},
	"--clip_g":                     {act: actFile, role: RoleClipG},
	"--clip_vision":                {act: actFile, role: RoleClipVision},
	"--t5xxl":                      {act: actFile, role: RoleT5XXL},
	"--control-net":                {act: actFile, role: RoleControlNet},
	"--photo-maker":                {act: actFile, role: RolePhotoMaker},
	"--upscale-model":              {act: actFile, role: RoleUpscale},

	// Values that are not local model files but may look like them.
	"-hff": skip, "--hf-file": skip,
	"-hffv": skip, "--hf-file-v": skip,
	"-hft": skip, "--hf-token": skip,
	"-mu": skip, "--model-url": skip,
	"--mmproj-url": skip,
	"-o":           skip, "--output": skip, "--output-file": skip,
	"-p": skip, "--prompt": skip,
	"-f": skip, "--file": skip,
	"-a": skip, "--alias": skip,
	"--lora-model-dir": skip, "--embd-dir": skip,
	"--slot-save-path": skip,
}

// The program's own -m and --model, for tools known to mean a file by them.
var knownModelFlags = map[string]flagSpec{
	"-m":      {act: actFile, role: RoleModel},
	"--model": {act: actFile, role: RoleModel},
}

var genericModelFlags = map[string]flagSpec{
	"-m":      {act: actModuleOrModel, role: RoleModel},
	"--model": {act: actGenericModel, role: RoleModel},
}

// llama.cpp's (and Ollama's runner's) own flags.
var llamaFlags = map[string]flagSpec{
	"--lora":                  {act: actFileList, role: RoleLoRA},
	"--lora-scaled":           {act: actScaled, role: RoleLoRA},
	"--control-vector":        {act: actFileList, role: RoleControlVector},
	"--control-vector-scaled": {act: actScaled, role: RoleControlVector},
	"-md":                     {act: actFile, role: RoleDraft},
	"--spec-draft-model":      {act: actFile, role: RoleDraft},
	"-mv":                     {act: actFile, role: RoleVocoder},
	"--model-vocoder":         {act: actFile, role: RoleVocoder},
	"-hfd":                    {act: actRepo, role: RoleDraft},
	"-hfrd":                   {act: actRepo, role: RoleDraft},
	"--hf-repo-draft":         {act: actRepo, role: RoleDraft},
	"--spec-draft-hf":         {act: actRepo, role: RoleDraft},
	"-hfv":                    {act: actRepo, role: RoleVocoder},
	"-hfrv":                   {act: actRepo, role: RoleVocoder},
	"--hf-repo-v":             {act: actRepo, role: RoleVocoder},
}

var sdFlags = map[string]flagSpec{
	"--tae":            {act: actFile, role: RoleTAESD},
	"--llm":            {act: actFile, role: RoleLLM},
	"--llm_vision":     {act: actFile, role: RoleLLMVision},
	"--qwen2vl":        {act: actFile, role: RoleLLM},
	"--qwen2vl_vision": {act: actFile, role: RoleLLMVision},
}

var whisperFlags = map[string]flagSpec{
	"-vm":         {act: actFile, role: RoleVAD},
	"--vad-model": {act: actFile, role: RoleVAD},
}

// lookupFlag finds a flag in the tables for tool, most specific first.
func lookupFlag(tool Tool, name string) (flagSpec, bool) {
	var tables []map[string]flagSpec
	switch tool {
	case ToolLlamaCpp, ToolOllama:
		if set, ok := settingFlags[name]; ok {
			return flagSpec{act: set.action(), set: set}, true
		}
		tables = []map[string]flagSpec{llamaFlags, knownModelFlags}
	case ToolStableDiffusion:
		tables = []map[string]flagSpec{sdFlags, knownModelFlags}
	case ToolWhisper:
		tables = []map[string]flagSpec{whisperFlags, knownModelFlags}
	default:
		tables = []map[string]flagSpec{genericModelFlags}
	}
	for _, t := range append(tables, commonFlags) {
		if s, ok := t[name]; ok {
			return s, true
		}
	}
	return flagSpec{}, false
}
