package torchlog

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TGI's log lines rebuilt from huggingface/text-generation-inference's own
// sources at its tags, not from gtm's stand-ins. The launcher logs with
// tracing_subscriber fmt().compact() or, with --json-output, fmt().json()
// (launcher/src/main.rs:2058-2067 at v3.3.6, 997-1001 at v1.0.0): spans
// first in text ("shard-manager: target: message rank=0"), under "span"
// and "spans" in JSON, the message under "fields". The shards' Python
// lines (loguru, format "{message}", serialize=True: server/
// text_generation_server/cli.py:74-82) are re-emitted by log_lines
// (main.rs:1340-1369 at v3.3.6) on a thread of their own
// (thread::spawn, main.rs:1181), outside the shard-manager span: no span,
// no rank. The router logs the full format with file and line, or
// flattened JSON (router/src/logging.rs:76-84 at v3.3.6, router/src/
// main.rs:289-295 at v1.0.0), and the launcher prints its lines as they are
// (spawn_webserver, main.rs:1998-2006 at v3.3.6).
type tgiEv struct {
	target, span string // span "" for none
	rank         int    // the shard-manager span's field
	file         string // the router's events
	line         int
	msg          string
}

const tgiTS = "2025-07-04T12:36:06.251692Z"

// text is e as tracing_subscriber's compact (launcher) or full (router)
// format writes it, without colours.
func (e tgiEv) text() string {
	switch {
	case e.file != "":
		return fmt.Sprintf("%s  INFO %s: %s:%d: %s", tgiTS, e.target, e.file, e.line, e.msg)
	case e.span == "shard-manager":
		return fmt.Sprintf("%s  INFO %s: %s: %s rank=%d", tgiTS, e.span, e.target, e.msg, e.rank)
	case e.span != "":
		return fmt.Sprintf("%s  INFO %s: %s: %s", tgiTS, e.span, e.target, e.msg)
	}
	return fmt.Sprintf("%s  INFO %s: %s", tgiTS, e.target, e.msg)
}

// json is e as fmt().json() (launcher) or json().flatten_event(true)
// (router) writes it.
func (e tgiEv) json() string {
	if e.file != "" {
		return fmt.Sprintf(`{"timestamp":%q,"level":"INFO","message":%s,"target":%q,"filename":%q,"line_number":%d}`,
			tgiTS, jsonQuote(e.msg), e.target, e.file, e.line)
	}
	l := fmt.Sprintf(`{"timestamp":%q,"level":"INFO","fields":{"message":%s},"target":%q`, tgiTS, jsonQuote(e.msg), e.target)
	switch e.span {
	case "shard-manager":
		sp := fmt.Sprintf(`{"rank":%d,"name":"shard-manager"}`, e.rank)
		l += `,"span":` + sp + `,"spans":[` + sp + `]`
	case "download":
		l += `,"span":{"name":"download"},"spans":[{"name":"download"}]`
	}
	return l + "}"
}

func jsonQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

const (
	tgiL  = "text_generation_launcher"
	tgiID = "meta-llama/Llama-3.1-8B-Instruct"
)

// tgiArgs is tracing::info!("{:#?}", args), pretty-printed over lines of
// its own (main.rs:2075 at v3.3.6; since v2.0.2, main.rs:1287).
var tgiArgs = "Args {\n    model_id: \"" + tgiID + "\",\n    revision: None,\n    num_shard: Some(\n        2,\n    ),\n}"

// tgiArgsV1 is tracing::info!("{:?}", args), one line (main.rs:1014 at
// v1.0.0, to v2.0.1).
var tgiArgsV1 = "Args { model_id: \"" + tgiID + "\", revision: None, validation_workers: 2, sharded: None, num_shard: Some(2) }"

// tgiV3 is a v3.3.6 launcher with two shards.
func tgiV3() []tgiEv {
	return []tgiEv{
		{target: tgiL, msg: tgiArgs},
		{target: tgiL, msg: "Sharding model on 2 processes"},                                      // main.rs:2093
		{target: tgiL, span: "download", msg: "Starting check and download process for " + tgiID}, // main.rs:1504
		{target: tgiL, span: "download", msg: "Successfully downloaded weights for " + tgiID},     // main.rs:1546
		{target: tgiL, span: "shard-manager", rank: 0, msg: "Starting shard"},                     // main.rs:1149
		{target: tgiL, span: "shard-manager", rank: 1, msg: "Starting shard"},                     // main.rs:1149
		{target: tgiL, msg: "Server started at unix:///tmp/text-generation-server-0"},             // server.py:309, re-emitted
		{target: tgiL, msg: "Server started at unix:///tmp/text-generation-server-1"},             // server.py:309, re-emitted
		{target: tgiL, span: "shard-manager", rank: 0, msg: "Shard ready in 48.383728417s"},       // main.rs:1240, "{:?}"
		{target: tgiL, span: "shard-manager", rank: 1, msg: "Shard ready in 48.391002733s"},       // main.rs:1240
		{target: tgiL, msg: "Starting Webserver"},                                                 // main.rs:1838
		{target: "text_generation_router_v3", file: "backends/v3/src/lib.rs", line: 125, msg: "Warming up model"},
		{target: tgiL, msg: "KV-cache blocks: 52719, size: 1"}, // flash_causal_lm.py:1565, log_master, re-emitted
		{target: "text_generation_router_v3", file: "backends/v3/src/lib.rs", line: 137, msg: "Setting max batch total tokens to 52125"},
		{target: "text_generation_router::server", file: "router/src/server.rs", line: 2298, msg: "Connected"},
	}
}

// tgiV1 is a v1.0.0 launcher: the router was one crate (router/src/
// main.rs), and shards logged no KV blocks.
func tgiV1() []tgiEv {
	return []tgiEv{
		{target: tgiL, msg: tgiArgsV1},
		{target: tgiL, span: "shard-manager", rank: 0, msg: "Starting shard"},       // main.rs:429
		{target: tgiL, span: "shard-manager", rank: 0, msg: "Shard ready in 20.1s"}, // main.rs:500
		{target: tgiL, msg: "Starting Webserver"},                                   // main.rs:899
		{target: "text_generation_router", file: "router/src/main.rs", line: 210, msg: "Warming up model"},
		{target: "text_generation_router", file: "router/src/main.rs", line: 243, msg: "Setting max batch total tokens to 16000"},
		{target: "text_generation_router", file: "router/src/main.rs", line: 244, msg: "Connected"},
	}
}

// tgiRender writes evs as the launcher's log: JSON, or text with Args
// pretty-printed over lines of its own and, when colour, ANSI colours
// as tracing_subscriber writes them by default.
func tgiRender(evs []tgiEv, json, colour bool) string {
	var out []string
	for _, e := range evs {
		l := e.text()
		if json {
			l = e.json()
		} else if colour {
			l = strings.Replace(l, tgiTS+"  INFO ", "\x1b[2m"+tgiTS+"\x1b[0m \x1b[32m INFO\x1b[0m \x1b[1m", 1) + "\x1b[0m"
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n") + "\n"
}

// TestUpstreamTGI: capacity, blocks, model and readiness from v1.0.0's and
// v3.3.6's launcher logs, in text (plain and coloured) and JSON.
func TestUpstreamTGI(t *testing.T) {
	for _, c := range []struct {
		name          string
		evs           []tgiEv
		tokens, block uint64
		blocks        uint64
	}{
		{"v3.3.6", tgiV3(), 52125, 1, 52719},
		{"v1.0.0", tgiV1(), 16000, 0, 0},
	} {
		for _, form := range []struct {
			name         string
			json, colour bool
		}{{"text", false, false}, {"text coloured", false, true}, {"json", true, false}} {
			t.Run(c.name+" "+form.name, func(t *testing.T) {
				r := ParseAt(TGI, strings.NewReader(tgiRender(c.evs, form.json, form.colour)), time.Time{})
				if r == nil {
					t.Fatal("no block")
				}
				checkU(t, "KVTokens", r.KVTokens, c.tokens)
				checkU(t, "GPUBlocks", r.GPUBlocks, c.blocks)
				checkU(t, "BlockSize", r.BlockSize, c.block)
				if !r.Ready || r.Model != tgiID {
					t.Errorf("ready %v model %q", r.Ready, r.Model)
				}
			})
		}
	}
}
