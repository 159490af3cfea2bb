package probe

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"time"
)

// Defaults.
const (
	DefaultTimeout = 300 * time.Millisecond
	DefaultMaxBody = 1 << 20
	userAgent      = "gtm"
)

// ErrTimeout is a request that ran past the Client's timeout.
var ErrTimeout = errors.New("timed out")

// Options configure a Client; zero values take the defaults.
type Options struct {
	// Timeout bounds one request: connect, headers and body.
	Timeout time.Duration
	// MaxBody is the most body bytes kept; a larger body is cut there
	// and reported (Result.Truncated, ErrTooLarge).
	MaxBody int64
	// Now is the clock for backoff and cache ages (time.Now).
	Now func() time.Time
	// RequireOwner refuses every connection whose request carries no
	// owner check (WithOwnerCheck) with ErrUnproven.
	RequireOwner bool
}

// Client makes GET requests to loopback servers. It is safe for
// concurrent use.
type Client struct {
	hc      *http.Client
	tr      *http.Transport
	timeout time.Duration
	maxBody int64
	now     func() time.Time
	tracker *Tracker
}

// Result is the outcome of one request. An HTTP error status is not an
// error: a 401 comes back as Status 401 with Err nil (callers show "API
// needs a key"); Err is for what kept the answer from arriving whole.
type Result struct {
	Status int    // 0 when no response arrived
	Body   []byte // shared with the cache: do not modify
	// Truncated: the body was over MaxBody. Body holds its first MaxBody
	// bytes (none when the server declared the size), Err ErrTooLarge.
	Truncated bool
	Err       error
	Elapsed   time.Duration // time spent; 0 for a cached answer
	Cached    bool          // answered from the cache, no request made
}

// OK reports whether a full response arrived with a 2xx status.
func (r Result) OK() bool { return r.Err == nil && r.Status >= 200 && r.Status < 300 }

// New returns a Client.
func New(opts Options) *Client {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	tr := &http.Transport{
		Proxy:       nil, // never from the environment: HTTP_PROXY must not route a probe
		DialContext: newDialer(opts.Timeout, opts.RequireOwner),
		// A small pool: a refresh asks each server a few paths.
		MaxIdleConns:        8,
		MaxIdleConnsPerHost: 2,
		IdleConnTimeout:     30 * time.Second,
		// Bodies are capped as they arrive; no gzip to expand them.
		DisableCompression:     true,
		MaxResponseHeaderBytes: 64 << 10,
	}
	return &Client{
		hc: &http.Client{
			Transport: tr,
			// A 3xx is an answer, not a place to go.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		tr:      tr,
		timeout: opts.Timeout,
		maxBody: opts.MaxBody,
		now:     opts.Now,
		tracker: NewTracker(),
	}
}

// Close drops idle connections.
func (c *Client) Close() { c.tr.CloseIdleConnections() }

// Tracker is the Client's backoff and cache state, for Allowed and Forget.
func (c *Client) Tracker() *Tracker { return c.tracker }

var localhost = netip.AddrFrom4([4]byte{127, 0, 0, 1})

// Get requests http://127.0.0.1:<port><path>. path must start with "/"
// and may carry a query; hdr (may be nil) adds headers such as
// Authorization. It returns within the timeout, or sooner if ctx ends.
func (c *Client) Get(ctx context.Context, port int, path string, hdr http.Header) Result {
	if port <= 0 || port > 65535 {
		return Result{Err: fmt.Errorf("probe: invalid port %d", port)}
	}
	return c.GetAddr(ctx, netip.AddrPortFrom(localhost, uint16(port)), path, hdr)
}

// GetAddr is Get on another loopback address, such as ::1 for a server
// listening on IPv6 only. Any other address is refused.
func (c *Client) GetAddr(ctx context.Context, ap netip.AddrPort, path string, hdr http.Header) Result {
	start := time.Now()
	b := budgetFrom(ctx)
	if b != nil && b.Exhausted() {
		return Result{Err: fmt.Errorf("probe: GET %s: %w", path, ErrBudget)}
	}
	r := c.get(ctx, b, ap, path, hdr)
	r.Elapsed = time.Since(start)
	if b != nil {
		b.Charge(r.Elapsed)
	}
	return r
}

func (c *Client) get(ctx context.Context, b *Budget, ap netip.AddrPort, path string, hdr http.Header) Result {
	u, err := requestURL(ap, path)
	if err != nil {
		return Result{Err: err}
	}
	if b != nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, b.Left(), ErrBudget)
		defer cancel()
	}
	ctx, cancel := context.WithTimeoutCause(ctx, c.timeout, fmt.Errorf("%w after %v", ErrTimeout, c.timeout))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return Result{Err: err}
	}
	for k, vs := range hdr {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("User-Agent", userAgent)

	resp, err := c.hc.Do(req)
	if err != nil {
		return Result{Err: failed(ctx, u, err)}
	}
	defer resp.Body.Close()
	r := Result{Status: resp.StatusCode}
	if resp.ContentLength > c.maxBody { // declared too large: read nothing
		r.Truncated, r.Err = true, tooLarge(c.maxBody)
		return r
	}
	r.Body, r.Truncated, err = readBody(resp.Body, c.maxBody, resp.ContentLength)
	switch {
	case r.Truncated:
		r.Err = tooLarge(c.maxBody)
	case err != nil:
		r.Err = failed(ctx, u, fmt.Errorf("reading body: %w", err))
	}
	return r
}

// failed says why a request stopped: the context's cause when it ended
// (the Client's timeout, the budget, the caller), else err.
func failed(ctx context.Context, u string, err error) error {
	if cause := context.Cause(ctx); cause != nil {
		err = cause
	}
	var ue *url.Error
	if errors.As(err, &ue) { // it already names the request
		return fmt.Errorf("probe: %w", err)
	}
	return fmt.Errorf("probe: GET %s: %w", u, err)
}

// GetCached is Get for a tracked target. It answers from the cache when
// the last good answer for (k, path) is younger than maxAge, so a steady
// refresh does not ask again; refuses at once with ErrBackoff while k or
// (k, path) is backing off after a failure; and otherwise makes the
// request and records its outcome in the Tracker.
func (c *Client) GetCached(ctx context.Context, k Key, path string, hdr http.Header, maxAge time.Duration) Result {
	now := c.now()
	if r, ok := c.tracker.Cached(k, path, maxAge, now); ok {
		return r
	}
	if d := c.tracker.RetryIn(k, path, now); d > 0 {
		return Result{Err: fmt.Errorf("probe: %s%s: %w, retry in %v", k.target(), path, ErrBackoff, d.Round(time.Second))}
	}
	r := c.GetAddr(ctx, k.target(), path, hdr)
	c.tracker.Record(k, path, r, c.now())
	return r
}
