package admin

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/estate-agency/estate/compliance"
	platformsync "github.com/estate-agency/estate/sync"
)

// ErrNoServer means no server answers on the admin socket: the caller may
// open the store itself.
var ErrNoServer = errors.New("admin: no running server")

// Client talks to a running server's admin socket.
type Client struct {
	http *http.Client
}

// NewClient returns a client for the socket at path.
func NewClient(path string) *Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", path)
	}}
	return &Client{http: &http.Client{Transport: tr}}
}

func (c *Client) do(ctx context.Context, method, path string, q url.Values) (*http.Response, error) {
	return c.request(ctx, method, path, q, nil)
}

func (c *Client) request(ctx context.Context, method, path string, q url.Values, body io.Reader) (*http.Response, error) {
	u := url.URL{Scheme: "http", Host: "estate", Path: path, RawQuery: q.Encode()}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var opErr *net.OpError
		if errors.As(err, &opErr) && opErr.Op == "dial" {
			return nil, ErrNoServer
		}
		return nil, fmt.Errorf("admin: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		defer resp.Body.Close()
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return nil, fmt.Errorf("admin: %s %s: %s: %s", method, path, resp.Status, strings.TrimSpace(string(msg)))
	}
	return resp, nil
}

// Status asks the server for its status.
func (c *Client) Status(ctx context.Context) (Status, error) {
	var st Status
	if err := c.decode(ctx, http.MethodGet, "/status", nil, nil, "status", &st); err != nil {
		return Status{}, err
	}
	st.Server = true
	return st, nil
}

// Compliance asks the server which mandatory mentions its published
// listings miss.
func (c *Client) Compliance(ctx context.Context) ([]compliance.Finding, error) {
	var findings []compliance.Finding
	if err := c.decode(ctx, http.MethodGet, "/compliance", nil, nil, "compliance", &findings); err != nil {
		return nil, err
	}
	return findings, nil
}

// decode sends a request and decodes its JSON answer into out; what names
// the call in a decoding error.
func (c *Client) decode(ctx context.Context, method, path string, q url.Values, body io.Reader, what string, out any) error {
	resp, err := c.request(ctx, method, path, q, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("admin: %s: %w", what, err)
	}
	return nil
}

// Sync asks the server to run a sync and relays its progress.
func (c *Client) Sync(ctx context.Context, full, force bool, progress platformsync.Progress) (*Run, error) {
	q := url.Values{}
	if full {
		q.Set("full", "1")
	}
	if force {
		q.Set("force", "1")
	}
	res, err := c.stream(ctx, "/sync", q, progress)
	if err != nil {
		return nil, err
	}
	return res.Run, resultErr(res)
}

// Reindex asks the server to rebuild its index and relays progress.
func (c *Client) Reindex(ctx context.Context, progress platformsync.Progress) error {
	res, err := c.stream(ctx, "/reindex", nil, progress)
	if err != nil {
		return err
	}
	return resultErr(res)
}

func resultErr(res *Result) error {
	switch {
	case res.Busy:
		return platformsync.ErrBusy
	case res.Error != "":
		return errors.New(res.Error)
	}
	return nil
}

func (c *Client) stream(ctx context.Context, path string, q url.Values, progress platformsync.Progress) (*Result, error) {
	resp, err := c.do(ctx, http.MethodPost, path, q)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	for sc.Scan() {
		var ev Event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			return nil, fmt.Errorf("admin: %s: %w", path, err)
		}
		if ev.Result != nil {
			return ev.Result, nil
		}
		if progress != nil {
			progress(ev.Stage, ev.Done, ev.Total)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("admin: %s: %w", path, err)
	}
	return nil, fmt.Errorf("admin: %s: the server closed the stream without a result", path)
}
