package actions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/gputaskman/gtm/app/snapshot"
)

// UnloadRequest is one request that frees a model on a local server.
type UnloadRequest struct {
	Server string         // "ollama" or "lmstudio"
	Addr   netip.AddrPort // a loopback address
	Model  string         // Ollama's model name, LM Studio's instance id
}

// String says what the request does, for the confirmation dialog.
func (r UnloadRequest) String() string {
	return fmt.Sprintf("Ask %s at %s to unload %s", serverName(r.Server), r.Addr, r.Model)
}

func serverName(s string) string {
	switch s {
	case "ollama":
		return "Ollama"
	case "lmstudio":
		return "LM Studio"
	}
	return s
}

// UnloadRequestFor builds the unload request for p from its snapshot
// row: the server kind, the loopback address its API answered on, and the
// model's name in that API. Servers without an unload request, a missing
// address or name, or an address that is not loopback give an error that
// says so (a replayed snapshot could name any address).
func UnloadRequestFor(p *snapshot.Process) (UnloadRequest, error) {
	if p == nil || p.LLM == nil || p.LLM.Server == nil {
		return UnloadRequest{}, errors.New("no local server API found for this process")
	}
	l := p.LLM
	r := UnloadRequest{Server: *l.Server}
	switch r.Server {
	case "ollama", "lmstudio":
	case "llama-server":
		return r, errors.New("llama-server has no unload request; ending the process frees its memory")
	default:
		return r, fmt.Errorf("%s offers no unload request", r.Server)
	}
	if l.APIAddr == nil {
		return r, errors.New("the server's API address is not known")
	}
	addr, err := netip.ParseAddrPort(*l.APIAddr)
	if err != nil || !addr.Addr().IsLoopback() || addr.Port() == 0 {
		return r, fmt.Errorf("%q is not a loopback address", *l.APIAddr)
	}
	r.Addr = addr
	if l.APIModel == nil || *l.APIModel == "" {
		if r.Server == "lmstudio" {
			return r, errors.New("LM Studio did not name one loaded instance (needs its /api/v1 with one model loaded)")
		}
		return r, errors.New("the server did not name the model")
	}
	r.Model = *l.APIModel
	return r, nil
}

// Unloader sends unload requests: loopback only, no redirects, no proxy,
// a short timeout and a bounded answer.
type Unloader struct {
	Client  *http.Client
	Timeout time.Duration
}

// NewUnloader returns an Unloader with a 5 s timeout.
func NewUnloader() *Unloader {
	dialer := &net.Dialer{Timeout: 2 * time.Second}
	tr := &http.Transport{
		Proxy: nil, // never through a proxy: the request is for this machine
		DialContext: func(ctx context.Context, network, address string) (net.Conn, error) {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !ap.Addr().IsLoopback() {
				return nil, fmt.Errorf("refusing to connect to %s: not loopback", address)
			}
			return dialer.DialContext(ctx, network, address)
		},
		DisableKeepAlives: true,
	}
	return &Unloader{
		Client: &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error {
			return errors.New("the server answered with a redirect")
		}},
		Timeout: 5 * time.Second,
	}
}

// Send sends r and checks the server's answer.
func (u *Unloader) Send(ctx context.Context, r UnloadRequest) error {
	if !r.Addr.Addr().IsLoopback() {
		return fmt.Errorf("refusing to send to %s: not loopback", r.Addr)
	}
	if r.Model == "" {
		return errors.New("no model named")
	}
	var path string
	var body any
	switch r.Server {
	case "ollama":
		// A generate request with no prompt and keep_alive 0 unloads the
		// model at once (Ollama's documented way).
		path, body = "/api/generate", map[string]any{"model": r.Model, "keep_alive": 0}
	case "lmstudio":
		path, body = "/api/v1/models/unload", map[string]any{"instance_id": r.Model}
	default:
		return fmt.Errorf("%s offers no unload request", r.Server)
	}
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	if u.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, u.Timeout)
		defer cancel()
	}
	url := "http://" + r.Addr.String() + path
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := u.Client.Do(req)
	if err != nil {
		return fmt.Errorf("POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("POST %s: %s%s", path, resp.Status, errorText(answer))
	}
	return nil
}

// errorText is a server's {"error": "..."} message, shortened, if any.
func errorText(b []byte) string {
	var e struct {
		Error any `json:"error"`
	}
	if json.Unmarshal(b, &e) != nil || e.Error == nil {
		return ""
	}
	var msg string
	switch v := e.Error.(type) {
	case string:
		msg = v
	case map[string]any:
		if m, ok := v["message"].(string); ok {
			msg = m
		}
	}
	if len(msg) > 200 {
		msg = msg[:200] + "…"
	}
	if msg == "" {
		return ""
	}
	return ": " + msg
}
