// Package admin is how CLI commands ask the running server to sync, reindex
// or report status: a small HTTP API on a unix socket in the storage dir,
// never on the public listener. Only the user owning the socket (mode 0600)
// can reach it.
package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/estate-agency/estate/compliance"
	platformsync "github.com/estate-agency/estate/sync"
)

// Worker is what the admin API drives.
type Worker interface {
	Run(ctx context.Context, ro platformsync.RunOptions) (RunResult, error)
	Reindex(ctx context.Context, progress platformsync.Progress) error
	Status(ctx context.Context) (Status, error)
	// Compliance lists the mandatory legal mentions the published
	// listings miss, sorted by id then rule.
	Compliance(ctx context.Context) ([]compliance.Finding, error)
	LeadKeeper
	OwnerKeeper
	AlertKeeper
}

// RunResult is the outcome of a sync run as reported to the CLI.
type RunResult = Run

// Event is one line of the NDJSON stream of a long request.
type Event struct {
	Stage string `json:"stage,omitempty"`
	Done  int    `json:"done,omitempty"`
	Total int    `json:"total,omitempty"`
	// Result ends the stream: Error is "" on success.
	Result *Result `json:"result,omitempty"`
}

// Result ends a stream.
type Result struct {
	Run   *Run   `json:"run,omitempty"`
	Error string `json:"error,omitempty"`
	Busy  bool   `json:"busy,omitempty"`
}

// Handler serves the admin API.
func Handler(w Worker, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /sync", func(rw http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		ro := platformsync.RunOptions{Full: q.Get("full") == "1", Force: q.Get("force") == "1"}
		stream(rw, func(progress platformsync.Progress) *Result {
			ro.Progress = progress
			run, err := w.Run(r.Context(), ro)
			res := &Result{Run: &run}
			if err != nil {
				res.Error, res.Busy = err.Error(), errors.Is(err, platformsync.ErrBusy)
			}
			return res
		})
	})
	mux.HandleFunc("POST /reindex", func(rw http.ResponseWriter, r *http.Request) {
		stream(rw, func(progress platformsync.Progress) *Result {
			if err := w.Reindex(r.Context(), progress); err != nil {
				return &Result{Error: err.Error(), Busy: errors.Is(err, platformsync.ErrBusy)}
			}
			return &Result{}
		})
	})
	mux.HandleFunc("GET /status", func(rw http.ResponseWriter, r *http.Request) {
		st, err := w.Status(r.Context())
		if err != nil {
			log.Error("admin status", "err", err)
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		rw.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(rw).Encode(st)
	})
	mux.HandleFunc("GET /compliance", func(rw http.ResponseWriter, r *http.Request) {
		findings, err := w.Compliance(r.Context())
		if err != nil {
			log.Error("admin compliance", "err", err)
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		if findings == nil {
			findings = []compliance.Finding{} // an empty report is [], not null
		}
		rw.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(rw).Encode(findings)
	})
	leadRoutes(mux, w)
	ownerRoutes(mux, w)
	alertRoutes(mux, w)
	return mux
}

// stream runs work, sending its progress as NDJSON lines (at most every
// 100 ms so a terminal is not flooded) and its result last.
func stream(rw http.ResponseWriter, work func(platformsync.Progress) *Result) {
	rw.Header().Set("Content-Type", "application/x-ndjson")
	enc := json.NewEncoder(rw)
	flusher, _ := rw.(http.Flusher)
	var last time.Time
	progress := func(stage string, done, total int) {
		if time.Since(last) < 100*time.Millisecond && done != total {
			return
		}
		last = time.Now()
		_ = enc.Encode(Event{Stage: stage, Done: done, Total: total})
		if flusher != nil {
			flusher.Flush()
		}
	}
	res := work(progress)
	_ = enc.Encode(Event{Result: res})
}

// Server listens on the admin socket.
type Server struct {
	srv  *http.Server
	ln   net.Listener
	path string
}

// Listen opens the unix socket at path. A socket file left by a crashed
// server is removed; a live one means another server runs.
func Listen(path string, h http.Handler) (*Server, error) {
	if _, err := os.Stat(path); err == nil {
		if conn, err := net.DialTimeout("unix", path, time.Second); err == nil {
			conn.Close()
			return nil, fmt.Errorf("admin: another server answers on %s", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("admin: remove stale socket: %w", err)
		}
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("admin: listen %s: %w", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("admin: %w", err)
	}
	return &Server{srv: &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}, ln: ln, path: path}, nil
}

// Serve serves until Shutdown.
func (s *Server) Serve() error {
	if err := s.srv.Serve(s.ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("admin: %w", err)
	}
	return nil
}

// Shutdown stops the server and removes the socket.
func (s *Server) Shutdown(ctx context.Context) error {
	err := s.srv.Shutdown(ctx)
	_ = os.Remove(s.path)
	return err
}
