// Package probe asks local inference servers (llama-server, Ollama,
// LM Studio, vLLM) what they hold, with HTTP GETs that cannot hurt gtm or
// leave the host.
//
// Local only: a Client contacts loopback addresses (127.0.0.0/8, ::1) and
// nothing else. Requests take a port and a path, never a URL; the dialer
// refuses any other destination before a connection is attempted; proxies
// from the environment are ignored and redirects are never followed.
//
// Bounded: each request has one deadline covering connect, headers and
// body (300 ms by default), a body is read to at most its cap (1 MiB) plus
// one byte, and a target that fails is left alone for a growing while
// (Tracker). A Budget caps the time one refresh spends probing.
package probe
