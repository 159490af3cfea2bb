package torchlog

import (
	"encoding/json"
	"strings"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
)

// tgi reads one line of a text-generation-launcher log. The launcher logs
// through tracing_subscriber (launcher/src/main.rs): compact text by
// default,
//
//	2025-07-04T12:35:58.247141Z  INFO shard-manager: text_generation_launcher: Shard ready in 48.38s rank=1
//	2025-07-04T12:36:06.251692Z  INFO text_generation_launcher: KV-cache blocks: 52719, size: 1
//	2025-07-04T12:36:09.356551Z  INFO text_generation_router_v3: backends/v3/src/lib.rs:137: Setting max batch total tokens to 52125
//
// or one JSON object a line with --json-output, in two shapes. The
// launcher's own events (launcher/src/main.rs:2062-2065 at v3.3.6, the
// same since v1.0.0: fmt().json(), events not flattened) keep the message
// under "fields", and carry it for the shards' Python lines, which it
// re-emits (log_lines, main.rs:1344-1369):
//
//	{"timestamp":"...","level":"INFO","fields":{"message":"KV-cache blocks: 2708, size: 64"},"target":"text_generation_launcher","span":{"rank":0,"name":"shard-manager"},...}
//
// The router logs flattened events (router/src/logging.rs:81-84 at v3.3.6,
// router/src/main.rs:291-295 at v1.0.0: json().flatten_event(true), with
// file and line; the launcher passes --json-output on, main.rs:1922), and
// the launcher prints its router's lines as they are (spawn_webserver,
// main.rs:2002 and 2005 at v3.3.6, 955 and 958 at v1.0.0), so "message" is
// at the top level:
//
//	{"timestamp":"...","level":"INFO","message":"Setting max batch total tokens to 173312","target":"text_generation_router_v3","filename":"backends/v3/src/lib.rs","line_number":137}
//
// The shards' Python lines reach the launcher's log re-emitted under the
// text_generation_launcher target.
func (p *parser) tgi(raw []byte, _ int64) {
	s, st := clean(raw)
	if strings.HasPrefix(s, "{") {
		p.tgiJSON(s, st)
		return
	}
	if t, rest, ok := llamacpplog.CutRFC3339(s); ok { // TGI's own, after a docker stamp
		st, s = stamp{kind: stampFull, t: t}, rest
	}
	rest, ok := cutTracingLevel(strings.TrimLeft(s, " "))
	if !ok {
		// A continuation of the pretty-printed Args: `    model_id: "...",`.
		if p.inArgs {
			t := strings.TrimSpace(s)
			if t == "}" {
				p.inArgs = false
			} else if strings.HasPrefix(t, "model_id: \"") {
				p.cur().rep.Model = quoted(t, "model_id: \"", '"')
			}
		}
		return
	}
	p.inArgs = false
	s = rest
	// The targets (and span names) before the message: "a: b: message".
	target := ""
	for range 3 {
		head, rest, ok := strings.Cut(s, ": ")
		if !ok || strings.ContainsAny(head, " ") || !(strings.Contains(head, "text_generation") ||
			strings.Contains(head, "shard-manager") || strings.Contains(head, "download") ||
			strings.HasSuffix(head, ".rs") || strings.Contains(head, ".rs:")) {
			break
		}
		if strings.Contains(head, "text_generation") {
			target = head
		}
		s = rest
	}
	p.tgiMsg(s, target, st)
	if strings.TrimSpace(s) == "Args {" {
		p.inArgs = true
	}
}

// tgiJSON reads one --json-output line, flattened or not.
func (p *parser) tgiJSON(s string, st stamp) {
	var j struct {
		Timestamp string `json:"timestamp"`
		Message   string `json:"message"` // the router's flattened events
		Fields    struct {
			Message string `json:"message"`
		} `json:"fields"`
		Target string `json:"target"`
	}
	if json.Unmarshal([]byte(s), &j) != nil {
		return
	}
	if t, _, ok := llamacpplog.CutRFC3339(j.Timestamp + " "); ok {
		st = stamp{kind: stampFull, t: t}
	}
	full := j.Fields.Message
	if full == "" {
		full = j.Message
	}
	msg, _, _ := strings.Cut(full, "\n")
	p.tgiMsg(strings.TrimSpace(msg), j.Target, st)
	if strings.HasPrefix(full, "Args {") {
		if m := quoted(full, "model_id: \"", '"'); m != "" {
			p.cur().rep.Model = m
		}
	}
}

func cutTracingLevel(s string) (string, bool) {
	for _, lv := range [...]string{"INFO ", "WARN ", "DEBUG ", "ERROR ", "TRACE "} {
		if strings.HasPrefix(s, lv) {
			return s[len(lv):], true
		}
	}
	return s, false
}

// tgiMsg reads one TGI message. Formats, by source file:line and version:
//
//	launcher/src/main.rs:2075 (v3.3.6): tracing::info!("{:#?}", args) -> "Args {" then `    model_id: "...",`
//	  (since v2.0.2; v1.0.0-v2.0.1 "{:?}", one line: `Args { model_id: "...", revision: None, ... }`, main.rs:1014 at v1.0.0);
//	  main.rs:1149 and 1240 (v3.3.6; 429 and 500 at v1.0.0): "Starting shard", "Shard ready in 48.38s"
//	server/text_generation_server/models/flash_causal_lm.py:1565 (v3.3.6; 1542 at v2.4.0, where it
//	  began): "KV-cache blocks: 52719, size: 1", logged by rank 0 only (log_master)
//	"Setting max batch total tokens to 52125": backends/v3/src/lib.rs:137 (v3.0.0-v3.3.7),
//	  router/src/server.rs:1651 (v2.2.0), router/src/main.rs:243 (v1.0.0), 348 (v2.0.0)
//	"Connected": router/src/server.rs:2298 (v3.3.6), 2402 (v3.0.0), router/src/main.rs:244 (v1.0.0)
func (p *parser) tgiMsg(s, target string, st stamp) {
	if strings.HasPrefix(s, "Args {") {
		// Up to v2.0.1 the launcher logged its Args on one line, "{:?}"
		// (launcher/src/main.rs:1014 at v1.0.0): the model is on it.
		b := p.marker("args", "", true, st)
		if m := quoted(s, "model_id: \"", '"'); m != "" {
			b.rep.Model = m
		}
		return
	}
	b := p.cur()
	b.touch(st)
	switch {
	case strings.HasPrefix(s, "KV-cache blocks: "):
		if n := b.tokensAfter(s, "KV-cache blocks: ", maxTokens); n != nil {
			b.rep.GPUBlocks, b.hasFigures = n, true
		}
		if n := b.tokensAfter(s, "size: ", maxBlockLen); n != nil {
			b.rep.BlockSize = n
		}
	case strings.HasPrefix(s, "Setting max batch total tokens to "):
		if n := b.tokensAfter(s, "Setting max batch total tokens to ", maxTokens); n != nil {
			b.rep.KVTokens, b.hasFigures = n, true
		}
	case s == "Connected" && strings.HasPrefix(target, "text_generation_router"):
		b.rep.Ready = true
	}
}
