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
// or one JSON object a line with --json-output:
//
//	{"timestamp":"...","level":"INFO","fields":{"message":"..."},"target":"text_generation_launcher"}
//
// The shards' Python lines reach the launcher's log re-emitted under the
// text_generation_launcher target.
func (p *parser) tgi(raw []byte, _ int64) {
	s, st := clean(raw)
	if strings.HasPrefix(s, "{") {
		var j struct {
			Timestamp string `json:"timestamp"`
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
		msg, _, _ := strings.Cut(j.Fields.Message, "\n")
		p.tgiMsg(strings.TrimSpace(msg), j.Target, st)
		if strings.HasPrefix(j.Fields.Message, "Args {") {
			if m := quoted(j.Fields.Message, "model_id: \"", '"'); m != "" {
				p.cur().rep.Model = m
			}
		}
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

func cutTracingLevel(s string) (string, bool) {
	for _, lv := range [...]string{"INFO ", "WARN ", "DEBUG ", "ERROR ", "TRACE "} {
		if strings.HasPrefix(s, lv) {
			return s[len(lv):], true
		}
	}
	return s, false
}

// tgiMsg reads one TGI message. Formats, by source file:
//
//	launcher/src/main.rs: tracing::info!("{:#?}", args) -> "Args {" then `    model_id: "...",`;
//	  "Starting shard", "Shard ready in 48.38s"
//	server/text_generation_server/models/flash_causal_lm.py warmup: "KV-cache blocks: 52719, size: 1"
//	backends/v3/src/lib.rs: "Setting max batch total tokens to 52125"
//	router/src/server.rs: "Connected"
func (p *parser) tgiMsg(s, target string, st stamp) {
	if strings.HasPrefix(s, "Args {") {
		p.marker("args", "", true, st)
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
