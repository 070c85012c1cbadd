package platform

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
)

// writeTrace follows one write's attempts on the wire, so the client can
// tell a request that never left (safe to send again) from one that was
// sent and whose answer never came in time (maybe applied: never sent again).
type writeTrace struct {
	sent     atomic.Bool // the current attempt's request was written
	answered atomic.Bool // an answer's first byte came back
}

// waitedInVain: the request went out and the wait for its answer ended (a
// deadline, a cancel, a read timeout) — the one way to learn nothing about
// whether the platform applied it. A connection the other side closed
// before answering is taken as not applied, and retried: a platform
// answers what it did, and an outage looks like that.
func (w *writeTrace) waitedInVain(err error) bool {
	if err == nil || !w.sent.Load() || w.answered.Load() {
		return false
	}
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || errors.As(err, &ne) && ne.Timeout()
}

type writeTraceKey struct{}

func writeContext(ctx context.Context, w *writeTrace) context.Context {
	ctx = context.WithValue(ctx, writeTraceKey{}, w)
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GetConn: func(string) {
			// A new attempt: what the last one did no longer counts.
			w.sent.Store(false)
			w.answered.Store(false)
		},
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			if info.Err == nil {
				w.sent.Store(true)
			}
		},
		GotFirstResponseByte: func() { w.answered.Store(true) },
	})
}

// checkWriteRetry is checkRetry for writes: an attempt that sent its
// request and got no answer is never repeated.
func (c *Client) checkWriteRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if w, ok := ctx.Value(writeTraceKey{}).(*writeTrace); ok && w.waitedInVain(err) {
		return false, err
	}
	return c.checkRetry(ctx, resp, err)
}
