package modelargs

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Settings are the llama.cpp options that matter for memory estimates and
// for reaching the server. A nil field was not on the command line: the
// program's default applies, which this package does not guess.
type Settings struct {
	CtxSize    *int    // -c; 0 means "from the model"
	Parallel   *int    // -np; -1 means auto
	CacheTypeK *string // -ctk: f16, q8_0, ...
	CacheTypeV *string // -ctv
	GPULayers  *GPULayers
	FlashAttn  *string // "on", "off" or "auto"; a bare -fa (older llama.cpp) is "on"
	SWAFull    *bool
	UBatchSize *int
	BatchSize  *int
	// KVUnified is -kvu (true) or -no-kvu (false). llama-server forces it
	// on when the slot count is auto.
	KVUnified *bool
	// KVUnifiedPerSlot is --kv-unified-per-slot: without -c, the context
	// is sized to slots × this.
	KVUnifiedPerSlot *int
	Devices          *string // -dev: "none" keeps everything on the CPU
	NoKVOffload      *bool   // -nkvo (true) or -kvo (false)
	NCPUMoE          *int    // --n-cpu-moe N; --cpu-moe is every layer
	Mmap             *bool   // --mmap / --no-mmap / --load-mode
	Embeddings       *bool   // --embedding
	LogFile          *string // joined with cwd when relative and cwd is known
	APIKey           *Secret
	APIKeyFile       *string // joined with cwd like LogFile
	Host             *string
	Port             *int
}

// GPULayers is -ngl: an exact count, or llama.cpp's "auto" or "all".
type GPULayers struct {
	Count int    // when Mode is ""; negative values are passed on as written
	Mode  string // "auto", "all", or "" for Count
}

// Secret is a value that must not end up in logs, reports or JSON.
type Secret string

func (Secret) String() string               { return "[redacted]" }
func (Secret) MarshalText() ([]byte, error) { return []byte("[redacted]"), nil }

// Format keeps every fmt verb, %#v included, from printing the value.
func (Secret) Format(f fmt.State, _ rune) { io.WriteString(f, "[redacted]") }

// Reveal returns the value, for the one place that must send it.
func (s Secret) Reveal() string { return string(s) }

type setting int

const (
	settingCtx setting = iota + 1
	settingParallel
	settingCacheK
	settingCacheV
	settingCacheKV // Ollama's runner: one type for K and V
	settingGPULayers
	settingFlashAttn
	settingSWAFull
	settingUBatch
	settingBatch
	settingLogFile
	settingAPIKey
	settingAPIKeyFile
	settingHost
	settingPort
	settingKVUnifiedOn
	settingKVUnifiedOff
	settingKVUnifiedPerSlot
	settingDevice
	settingNoKVOffload
	settingKVOffload
	settingNCPUMoE
	settingCPUMoE
	settingMmapOn
	settingMmapOff
	settingLoadMode
	settingEmbeddings
)

// settingFlags are read for llama.cpp and Ollama's runner only: other
// programs use the same short flags for other things (-b is
// stable-diffusion.cpp's batch count, -c often a config file).
var settingFlags = map[string]setting{
	"-c": settingCtx, "--ctx-size": settingCtx,
	"-np": settingParallel, "--parallel": settingParallel,
	"-ctk": settingCacheK, "--cache-type-k": settingCacheK,
	"-ctv": settingCacheV, "--cache-type-v": settingCacheV,
	"--kv-cache-type": settingCacheKV,
	"-ngl":            settingGPULayers, "--gpu-layers": settingGPULayers, "--n-gpu-layers": settingGPULayers,
	"-fa": settingFlashAttn, "--flash-attn": settingFlashAttn,
	"--swa-full": settingSWAFull,
	"-ub":        settingUBatch, "--ubatch-size": settingUBatch,
	"-b": settingBatch, "--batch-size": settingBatch,
	"--log-file":     settingLogFile,
	"--api-key":      settingAPIKey,
	"--api-key-file": settingAPIKeyFile,
	"--host":         settingHost,
	"--port":         settingPort,
	"-kvu":           settingKVUnifiedOn, "--kv-unified": settingKVUnifiedOn,
	"-no-kvu": settingKVUnifiedOff, "--no-kv-unified": settingKVUnifiedOff,
	"--kv-unified-per-slot": settingKVUnifiedPerSlot,
	"-dev":                  settingDevice, "--device": settingDevice,
	"-nkvo": settingNoKVOffload, "--no-kv-offload": settingNoKVOffload,
	"-kvo": settingKVOffload, "--kv-offload": settingKVOffload,
	"-ncmoe": settingNCPUMoE, "--n-cpu-moe": settingNCPUMoE,
	"-cmoe": settingCPUMoE, "--cpu-moe": settingCPUMoE,
	"--mmap": settingMmapOn, "--no-mmap": settingMmapOff,
	"-lm": settingLoadMode, "--load-mode": settingLoadMode,
	"--embedding": settingEmbeddings, "--embeddings": settingEmbeddings,
}

// switches are settings that take no value in llama.cpp.
var switches = map[setting]bool{
	settingKVUnifiedOn: true, settingKVUnifiedOff: true, settingNoKVOffload: true, settingKVOffload: true,
	settingCPUMoE: true, settingMmapOn: true, settingMmapOff: true, settingEmbeddings: true,
}

func (s setting) action() action {
	switch s {
	case settingFlashAttn:
		return actOptional
	case settingSWAFull:
		return actSwitch
	}
	if switches[s] {
		return actSwitch
	}
	return actSetting
}

// cacheTypes are the KV cache types llama.cpp accepts.
var cacheTypes = []string{"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "iq4_nl", "q5_0", "q5_1"}

// flashAttnWords maps what -fa accepts to on, off or auto.
var flashAttnWords = map[string]string{
	"on": "on", "1": "on", "true": "on", "enabled": "on",
	"off": "off", "0": "off", "false": "off", "disabled": "off",
	"auto": "auto",
}

// setting reads one setting. For switches and -fa, inline says whether a
// "=value" came with the flag; otherwise the value was already taken. A
// bad value is a warning (the API key's redacted), never a parse failure.
func (p *parser) setting(name string, spec flagSpec, value string, inline bool) {
	st := &p.res.Settings
	var err error
	switch spec.set {
	case settingFlashAttn:
		err = p.flashAttn(value, inline)
	case settingSWAFull:
		b := true
		if inline {
			b, err = parseBool(value)
		}
		if err == nil {
			st.SWAFull = &b
		}
	case settingKVUnifiedOn, settingKVUnifiedOff, settingNoKVOffload, settingKVOffload,
		settingMmapOn, settingMmapOff, settingCPUMoE, settingEmbeddings:
		st.setSwitch(spec.set)
	case settingKVUnifiedPerSlot, settingNCPUMoE, settingCtx, settingParallel, settingUBatch, settingBatch, settingPort:
		err = st.setNumber(spec.set, value)
	case settingDevice, settingLogFile, settingAPIKeyFile, settingHost, settingAPIKey:
		err = st.setText(spec.set, value, p.cwd)
	case settingLoadMode:
		err = st.setLoadMode(value)
	case settingCacheK, settingCacheV, settingCacheKV:
		err = st.setCacheType(spec.set, value)
	case settingGPULayers:
		err = st.setGPULayers(value)
	}
	if err != nil {
		shown := strconv.Quote(value)
		if spec.set == settingAPIKey {
			shown = "[redacted]"
		}
		p.warn("%s: bad value %s: %v", name, shown, err)
	}
}

// flashAttn reads -fa: alone it means on; its value may be inline or, when
// it is one of -fa's words, the next argument.
func (p *parser) flashAttn(value string, inline bool) error {
	st := &p.res.Settings
	if !inline && p.i+1 < len(p.argv) {
		if _, ok := flashAttnWords[strings.ToLower(p.argv[p.i+1])]; ok {
			p.i++
			value, inline = p.argv[p.i], true
		}
	}
	if !inline {
		st.FlashAttn = ptr("on")
		return nil
	}
	w, ok := flashAttnWords[strings.ToLower(value)]
	if !ok {
		return errors.New("want on, off or auto")
	}
	st.FlashAttn = &w
	return nil
}

// setSwitch sets a setting that takes no value.
func (st *Settings) setSwitch(set setting) {
	switch set {
	case settingKVUnifiedOn, settingKVUnifiedOff:
		st.KVUnified = ptr(set == settingKVUnifiedOn)
	case settingNoKVOffload, settingKVOffload:
		st.NoKVOffload = ptr(set == settingNoKVOffload)
	case settingMmapOn, settingMmapOff:
		st.Mmap = ptr(set == settingMmapOn)
	case settingCPUMoE:
		st.NCPUMoE = ptr(1 << 20) // every layer
	case settingEmbeddings:
		st.Embeddings = ptr(true)
	}
}

// setNumber sets an integer setting within llama.cpp's range; a bad
// value leaves it unknown (nil), whatever an earlier flag said.
func (st *Settings) setNumber(set setting, value string) (err error) {
	switch set {
	case settingKVUnifiedPerSlot:
		st.KVUnifiedPerSlot, err = intIn(value, 0, 1<<31-1)
	case settingNCPUMoE:
		st.NCPUMoE, err = intIn(value, 0, 1<<20)
	case settingCtx:
		st.CtxSize, err = intIn(value, 0, 1<<31-1)
	case settingParallel:
		st.Parallel, err = intIn(value, -1, 1<<20)
	case settingUBatch:
		st.UBatchSize, err = intIn(value, 0, 1<<31-1)
	case settingBatch:
		st.BatchSize, err = intIn(value, 0, 1<<31-1)
	case settingPort:
		st.Port, err = intIn(value, 0, 65535)
	}
	return err
}

// setText sets a setting that is a non-empty string; paths are resolved
// against the process's working directory.
func (st *Settings) setText(set setting, value, cwd string) error {
	if value == "" {
		return errors.New("empty")
	}
	switch set {
	case settingDevice:
		st.Devices = ptr(strings.ToLower(value))
	case settingHost:
		st.Host = &value
	case settingAPIKey:
		st.APIKey = ptr(Secret(value))
	case settingLogFile:
		path, _ := resolve(value, cwd)
		st.LogFile = &path
	case settingAPIKeyFile:
		path, _ := resolve(value, cwd)
		st.APIKeyFile = &path
	}
	return nil
}

// setLoadMode reads --load-mode as whether the weights are mapped.
func (st *Settings) setLoadMode(value string) error {
	switch strings.ToLower(value) {
	case "auto", "mmap", "mmap+mlock":
		st.Mmap = ptr(true)
	case "none", "mlock", "dio":
		st.Mmap = ptr(false)
	default:
		return errors.New("want auto, none, mmap, mlock, mmap+mlock or dio")
	}
	return nil
}

// setCacheType sets the K, the V or both cache types.
func (st *Settings) setCacheType(set setting, value string) error {
	t := strings.ToLower(value)
	if !slices.Contains(cacheTypes, t) {
		return errors.New("unknown cache type")
	}
	if set != settingCacheV {
		st.CacheTypeK = ptr(t)
	}
	if set != settingCacheK {
		st.CacheTypeV = ptr(t)
	}
	return nil
}

// setGPULayers reads -ngl: auto, all or a count.
func (st *Settings) setGPULayers(value string) error {
	switch v := strings.ToLower(value); v {
	case "auto", "all":
		st.GPULayers = &GPULayers{Mode: v}
		return nil
	}
	n, err := intIn(value, -1<<31, 1<<31-1)
	if err != nil {
		return err
	}
	st.GPULayers = &GPULayers{Count: *n}
	return nil
}

func ptr[T any](v T) *T { return &v }

func intIn(s string, lo, hi int) (*int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return nil, errors.New("not a number")
	}
	if n < lo || n > hi {
		return nil, errors.New("out of range")
	}
	return &n, nil
}

func parseBool(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "1", "true", "on", "yes":
		return true, nil
	case "0", "false", "off", "no":
		return false, nil
	}
	return false, errors.New("want true or false")
}
