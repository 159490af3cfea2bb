package torchlog

import (
	"bytes"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
)

// benchLog is llamacpplog.MaxTail of an engine's log: loads between request
// noise, as a long-running server's tail looks.
func benchLog(load, noise string) []byte {
	var buf bytes.Buffer
	for buf.Len() < llamacpplog.MaxTail {
		buf.WriteString(load)
		for range 200 {
			buf.WriteString(noise)
		}
	}
	return buf.Bytes()[:llamacpplog.MaxTail]
}

func benchParse(b *testing.B, engine string, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	ref := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for b.Loop() {
		if ParseAt(engine, bytes.NewReader(data), ref) == nil {
			b.Fatal("no block")
		}
	}
}

// BenchmarkParseVLLM512KiB: a V1 TP=2 log with v1/metrics/loggers.py's
// periodic stats and uvicorn's access lines between loads.
func BenchmarkParseVLLM512KiB(b *testing.B) {
	noise := cyan + "(APIServer pid=4240)" + reset + " INFO 05-08 12:40:01 [loggers.py:123] Engine 000: Avg prompt throughput: 512.3 tokens/s, Avg generation throughput: 88.1 tokens/s, Running: 3 reqs, Waiting: 0 reqs, GPU KV cache usage: 1.2%, Prefix cache hit rate: 40.0%\n" +
		cyan + "(APIServer pid=4240)" + reset + " INFO:     127.0.0.1:40122 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n"
	benchParse(b, VLLM, benchLog(vllmV1TP2, noise))
}

// BenchmarkParseSGLang512KiB: scheduler.py's decode-batch lines between loads.
func BenchmarkParseSGLang512KiB(b *testing.B) {
	noise := "[2025-08-13 15:00:00 TP0] Decode batch. #running-req: 1, #token: 512, token usage: 0.00, cuda graph: True, gen throughput (token/s): 41.20, #queue-req: 0\n"
	benchParse(b, SGLang, benchLog(sglangTP2, noise))
}

// BenchmarkParseTGI512KiB: the router's per-request success lines between loads.
func BenchmarkParseTGI512KiB(b *testing.B) {
	noise := "2025-07-04T12:40:00.000000Z  INFO generate{parameters=GenerateParameters { max_new_tokens: Some(20) } total_time=\"1.2s\" validation_time=\"1ms\" queue_time=\"100µs\" inference_time=\"1.1s\" time_per_token=\"55ms\" seed=\"None\"}: text_generation_router::server: router/src/server.rs:422: Success\n"
	benchParse(b, TGI, benchLog(tgiText, noise))
}
