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

	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/internal/schema"
)

// UnloadRequest is one request that frees a model on a local server.
type UnloadRequest struct {
	Server string         // the server's name in snapshots
	Title  string         // its name as people write it
	Addr   netip.AddrPort // a loopback address
	Model  string         // the model's name or instance id in that API
	Call   servers.Request
}

// String says what the request does, for the confirmation dialog.
func (r UnloadRequest) String() string {
	return fmt.Sprintf("Ask %s at %s to unload %s", r.Title, r.Addr, r.Model)
}

// UnloadRequestFor builds the unload request for p from its snapshot
// row: the server kind, the loopback address its API answered on, and the
// model's name in that API. Servers without an unload request
// (servers.Unloader), a missing address or name, or an address that is
// not loopback give an error that says so (a replayed snapshot could name
// any address).
func UnloadRequestFor(p *schema.Process) (UnloadRequest, error) {
	if p == nil || p.LLM == nil || p.LLM.Server == nil {
		return UnloadRequest{}, errors.New("no local server API found for this process")
	}
	l := p.LLM
	r := UnloadRequest{Server: *l.Server}
	u, ok := servers.Lookup(r.Server).(servers.Unloader)
	if !ok {
		return r, fmt.Errorf("%s has no unload request; ending the process frees its memory", r.Server)
	}
	r.Title = u.Title()
	if l.APIAddr == nil {
		return r, errors.New("the server's API address is not known")
	}
	addr, err := netip.ParseAddrPort(*l.APIAddr)
	if err != nil || !addr.Addr().IsLoopback() || addr.Port() == 0 {
		return r, fmt.Errorf("%q is not a loopback address", *l.APIAddr)
	}
	r.Addr = addr
	if l.APIModel != nil {
		r.Model = *l.APIModel
	}
	r.Call, err = u.Unload(r.Model)
	return r, err
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
	if r.Call.Path == "" {
		return fmt.Errorf("%s offers no unload request", r.Server)
	}
	if u.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, u.Timeout)
		defer cancel()
	}
	c := r.Call
	url := "http://" + r.Addr.String() + c.Path
	req, err := http.NewRequestWithContext(ctx, c.Method, url, bytes.NewReader(c.Body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := u.Client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", c.Method, c.Path, err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s%s", c.Method, c.Path, resp.Status, errorText(answer))
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
