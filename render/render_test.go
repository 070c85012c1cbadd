package render

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

var engines = []Engine{QuickJS, Goja}

func bundle(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// recorder is a slog handler that keeps the console's messages and passes
// each on to seen, so a test can wait for a script to reach a point.
type recorder struct {
	mu      sync.Mutex
	records []record
	seen    chan string
}

type record struct {
	level slog.Level
	text  string
}

func newRecorder() *recorder { return &recorder{seen: make(chan string, 100)} }

func (h *recorder) Enabled(context.Context, slog.Level) bool { return true }
func (h *recorder) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *recorder) WithGroup(string) slog.Handler            { return h }

func (h *recorder) Handle(_ context.Context, r slog.Record) error {
	var text string
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == "text" {
			text = a.Value.String()
		}
		return true
	})
	h.mu.Lock()
	h.records = append(h.records, record{r.Level, text})
	h.mu.Unlock()
	select {
	case h.seen <- text:
	default:
	}
	return nil
}

func (h *recorder) all() []record {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]record(nil), h.records...)
}

// waitLog waits until the script has logged text n times.
func (h *recorder) waitLog(t *testing.T, text string, n int) {
	t.Helper()
	guard := time.After(30 * time.Second)
	for n > 0 {
		select {
		case s := <-h.seen:
			if s == text {
				n--
			}
		case <-guard:
			t.Fatalf("the script never logged %q", text)
		}
	}
}

func newRenderer(t *testing.T, name string, opts Options, log *recorder) *Renderer {
	t.Helper()
	if log == nil {
		log = newRecorder()
	}
	r, err := New(bundle(t, name), opts, slog.New(log))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func render(t *testing.T, r *Renderer, input string) string {
	t.Helper()
	html, err := r.Render(context.Background(), []byte(input))
	if err != nil {
		t.Fatalf("Render(%s): %v", input, err)
	}
	return html
}

func wantReason(t *testing.T, err error, reason string) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want an *Error with reason %q", err, err, reason)
	}
	if e.Reason != reason || Reason(err) != reason {
		t.Fatalf("reason %q (%v), want %q", e.Reason, err, reason)
	}
	return e
}

func TestRenderEchoesInputAndForwardsConsole(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			log := newRecorder()
			r := newRenderer(t, "good.js", Options{Engine: eng, Runtimes: 1}, log)
			html := render(t, r, `{"title":"Huis <te> koop","items":["a & b","c"],"long":5000}`)
			want := "<main><h1>Huis &lt;te&gt; koop</h1><ul><li>a &amp; b</li><li>c</li></ul></main>"
			if html != want {
				t.Errorf("html\n%s\nwant\n%s", html, want)
			}

			recs := log.all()
			if len(recs) != 5 {
				t.Fatalf("%d console records, want 5: %v", len(recs), recs)
			}
			for i, want := range []record{
				{slog.LevelInfo, "render Huis <te> koop"},
				{slog.LevelInfo, "items 2"},
				{slog.LevelWarn, `{"warn":"Huis <te> koop"}`},
				{slog.LevelError, "Error: not really an error"},
			} {
				if got := recs[i]; got.level != want.level || !strings.HasPrefix(got.text, want.text) {
					t.Errorf("record %d = %v, want %v", i, got, want)
				}
			}
			long := recs[4].text
			if len(long) > maxConsole+len("…") || !strings.HasSuffix(long, "…") || !utf8.ValidString(long) {
				t.Errorf("a long message is %d bytes (valid UTF-8: %v), want it cut to %d with …",
					len(long), utf8.ValidString(long), maxConsole)
			}
		})
	}
}

// TestFailedRenderReplacesRuntime checks each misbehaviour's reason, and
// that the single runtime is replaced (counter.js counts again from 1) after
// a timeout or a throw but kept after a bad output.
func TestFailedRenderReplacesRuntime(t *testing.T) {
	cases := []struct {
		fail     string
		reason   string
		replaced bool
		message  string // in Error.Message
		stack    string // in Error.Stack
		engines  []Engine
	}{
		{fail: "throw", reason: ReasonScript, replaced: true, message: "Error: boom: throw", stack: "explode"},
		{fail: "throwString", reason: ReasonScript, replaced: true, message: "a bare string"},
		{fail: "loop", reason: ReasonTimeout, replaced: true, message: "deadline exceeded"},
		{fail: "recurse", reason: ReasonScript, replaced: true, stack: "recurse"},
		// goja has no memory limit: the bomb would take the test's memory.
		{fail: "bomb", reason: ReasonMemory, replaced: true, engines: []Engine{QuickJS}},
		{fail: "number", reason: ReasonBadOutput, message: "returned number"},
		{fail: "null", reason: ReasonBadOutput, message: "returned null"},
		{fail: "undefined", reason: ReasonBadOutput, message: "returned undefined"},
		{fail: "object", reason: ReasonBadOutput, message: "returned object"},
		{fail: "array", reason: ReasonBadOutput, message: "returned an array"},
		{fail: "bool", reason: ReasonBadOutput, message: "returned boolean"},
		{fail: "promise", reason: ReasonBadOutput, message: "returned object"},
	}
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			for _, tc := range cases {
				if tc.engines != nil && tc.engines[0] != eng {
					continue
				}
				t.Run(tc.fail, func(t *testing.T) {
					// The render's deadline is the caller's here, so that the
					// render after the failure may wait for the replacement as
					// long as the machine needs.
					r := newRenderer(t, "counter.js", Options{
						Engine: eng, Runtimes: 1, Timeout: time.Minute, MemoryLimit: 4 << 20,
					}, nil)
					if html := render(t, r, `{}`); html != "<p>1</p>" {
						t.Fatalf("first render %q", html)
					}
					// Only the endless loop meets the deadline; the others
					// fail by themselves, however slow the machine (a deep
					// recursion under the race detector takes its time).
					deadline := 30 * time.Second
					if tc.reason == ReasonTimeout {
						deadline = 300 * time.Millisecond
					}
					ctx, cancel := context.WithTimeout(context.Background(), deadline)
					defer cancel()
					html, err := r.Render(ctx, []byte(`{"fail":"`+tc.fail+`"}`))
					if html != "" {
						t.Errorf("html %q with the error", html)
					}
					e := wantReason(t, err, tc.reason)
					t.Logf("%v\n%s", err, e.Stack)
					if !strings.Contains(e.Message, tc.message) || !strings.Contains(e.Stack, tc.stack) {
						t.Errorf("message %q stack %q, want them to hold %q and %q", e.Message, e.Stack, tc.message, tc.stack)
					}
					if n := strings.Count(e.Stack, "\n"); n > maxStack+1 {
						t.Errorf("stack of %d lines, want it cut to %d", n, maxStack+1)
					}
					if tc.reason == ReasonTimeout && !errors.Is(err, context.DeadlineExceeded) {
						t.Errorf("%v is not context.DeadlineExceeded", err)
					}

					if st := renderAfterFailure(t, r, tc.replaced); st.Renders != 2 || st.Failures[tc.reason] != 1 {
						t.Errorf("stats %+v, want 2 renders and 1 failure %q", st, tc.reason)
					}
				})
			}
		})
	}
}

func TestTimeoutOption(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			r := newRenderer(t, "counter.js", Options{Engine: eng, Runtimes: 1, Timeout: 100 * time.Millisecond}, nil)
			_, err := r.Render(context.Background(), []byte(`{"fail":"loop"}`))
			e := wantReason(t, err, ReasonTimeout)
			if !strings.Contains(e.Message, "rendering") {
				t.Errorf("message %q does not say the render, not the wait, ran out", e.Message)
			}
		})
	}
}

// TestWithTimeout gives a render the caller does not wait for a longer
// deadline than the pool's.
func TestWithTimeout(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			r := newRenderer(t, "counter.js", Options{Engine: eng, Runtimes: 1, Timeout: 50 * time.Millisecond}, nil)
			slow := []byte(`{"fail":"slow","ms":150}`)
			_, err := r.Render(context.Background(), slow)
			wantReason(t, err, ReasonTimeout)
			if _, err := r.Render(WithTimeout(context.Background(), 5*time.Second), slow); err != nil {
				t.Fatalf("with a longer deadline: %v", err)
			}
			// The context's own deadline still bounds it.
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			_, err = r.Render(WithTimeout(ctx, 5*time.Second), slow)
			wantReason(t, err, ReasonTimeout)
		})
	}
}

func TestCancelInterruptsRender(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			log := newRecorder()
			r := newRenderer(t, "counter.js", Options{Engine: eng, Runtimes: 1, Timeout: time.Minute}, log)
			ctx, cancel := context.WithCancel(context.Background())
			go func() {
				log.waitLog(t, "looping", 1)
				cancel()
			}()
			_, err := r.Render(ctx, []byte(`{"fail":"loop"}`))
			wantReason(t, err, ReasonCanceled)
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%v is not context.Canceled", err)
			}
			if html := render(t, r, `{}`); html != "<p>1</p>" {
				t.Errorf("render after the cancel %q, want a new runtime's <p>1</p>", html)
			}
		})
	}
}

// panicky is a log handler that panics, like a broken one would.
type panicky struct{ recorder }

func (h *panicky) Handle(context.Context, slog.Record) error { panic("handler broke") }

// TestPanicInHostIsAnError checks that a panic under a render (here in the
// console's log handler) fails the render and replaces the runtime instead
// of taking the process down.
func TestPanicInHostIsAnError(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			r, err := New(bundle(t, "good.js"), Options{Engine: eng, Runtimes: 1}, slog.New(&panicky{}))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			_, err = r.Render(context.Background(), []byte(`{"title":"x"}`))
			e := wantReason(t, err, ReasonEngine)
			if !strings.Contains(e.Message, "handler broke") {
				t.Errorf("message %q does not hold the panic", e.Message)
			}
			if r.Stats().Replaced != 1 {
				t.Errorf("%d runtimes replaced, want 1", r.Stats().Replaced)
			}
		})
	}
}

// TestDoneContextKeepsRuntime checks that a render whose context ended
// before it began fails without using, and so replacing, a runtime.
func TestDoneContextKeepsRuntime(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			r := newRenderer(t, "counter.js", Options{Engine: eng, Runtimes: 1}, nil)
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			_, err := r.Render(ctx, []byte(`{}`))
			wantReason(t, err, ReasonCanceled)
			if html := render(t, r, `{}`); html != "<p>1</p>" || r.Stats().Replaced != 0 {
				t.Errorf("render after %q, %d runtimes replaced; want <p>1</p> from the same runtime", html, r.Stats().Replaced)
			}
		})
	}
}

// TestWaitTimesOut checks that the deadline bounds the wait for a runtime.
func TestWaitTimesOut(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			log := newRecorder()
			r := newRenderer(t, "counter.js", Options{Engine: eng, Runtimes: 1, Timeout: time.Minute}, log)
			release := hold(t, r, log)
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			_, err := r.Render(ctx, []byte(`{}`))
			e := wantReason(t, err, ReasonTimeout)
			if !strings.Contains(e.Message, "waiting for a runtime") {
				t.Errorf("message %q does not say the wait ran out", e.Message)
			}
			wantReason(t, release(), ReasonCanceled)
		})
	}
}

// hold starts a render that loops until its context ends, and waits until it
// runs. The returned function cancels it and returns its error.
func hold(t *testing.T, r *Renderer, log *recorder) func() error {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := r.Render(ctx, []byte(`{"fail":"loop"}`))
		done <- err
	}()
	log.waitLog(t, "looping", 1)
	return func() error {
		cancel()
		return <-done
	}
}

// waitWaiting waits until n callers wait for a runtime.
func waitWaiting(t *testing.T, r *Renderer, n int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); r.Stats().Waiting != n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d callers waiting, want %d", r.Stats().Waiting, n)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestQueueFull(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			for _, tc := range []struct {
				name     string
				maxQueue int
				waiters  int
			}{
				{"no queue", -1, 0},
				{"queue of 1", 1, 1},
			} {
				t.Run(tc.name, func(t *testing.T) {
					log := newRecorder()
					r := newRenderer(t, "counter.js", Options{
						Engine: eng, Runtimes: 1, MaxQueue: tc.maxQueue, Timeout: time.Minute,
					}, log)
					release := hold(t, r, log)

					waiters := make(chan error, tc.waiters)
					for range tc.waiters {
						go func() {
							_, err := r.Render(context.Background(), []byte(`{}`))
							waiters <- err
						}()
					}
					waitWaiting(t, r, tc.waiters)

					_, err := r.Render(context.Background(), []byte(`{}`))
					wantReason(t, err, ReasonQueueFull)

					wantReason(t, release(), ReasonCanceled)
					for range tc.waiters {
						if err := <-waiters; err != nil {
							t.Errorf("a waiter failed: %v", err)
						}
					}
					st := r.Stats()
					if st.Failures[ReasonQueueFull] != 1 || st.Renders != uint64(tc.waiters) {
						t.Errorf("stats %+v", st)
					}
				})
			}
		})
	}
}

func TestConcurrentRenders(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			const goroutines, each = 16, 10
			r := newRenderer(t, "good.js", Options{
				Engine: eng, Runtimes: 2, MaxQueue: goroutines, Timeout: time.Minute,
			}, nil)
			var wg sync.WaitGroup
			for g := range goroutines {
				wg.Go(func() {
					for i := range each {
						title := strings.Repeat("x", g) + "-" + strings.Repeat("y", i)
						in, _ := json.Marshal(map[string]any{"title": title})
						html, err := r.Render(context.Background(), in)
						if err != nil {
							t.Error(err)
							return
						}
						if !strings.Contains(html, "<h1>"+title+"</h1>") {
							t.Errorf("render of %q gave %q", title, html)
						}
					}
				})
			}
			wg.Wait()
			st := r.Stats()
			if st.Renders != goroutines*each || st.Time.Count != st.Renders {
				t.Errorf("stats %+v, want %d renders", st, goroutines*each)
			}
		})
	}
}

func TestCloseDuringRenders(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			log := newRecorder()
			r := newRenderer(t, "counter.js", Options{
				Engine: eng, Runtimes: 2, MaxQueue: 2, Timeout: time.Minute,
			}, log)
			errs := make(chan error, 4)
			for range 2 {
				go func() {
					_, err := r.Render(context.Background(), []byte(`{"fail":"loop"}`))
					errs <- err
				}()
			}
			log.waitLog(t, "looping", 2)
			for range 2 {
				go func() {
					_, err := r.Render(context.Background(), []byte(`{}`))
					errs <- err
				}()
			}
			waitWaiting(t, r, 2)

			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			for range 4 {
				wantReason(t, <-errs, ReasonClosed)
			}
			_, err := r.Render(context.Background(), []byte(`{}`))
			wantReason(t, err, ReasonClosed)
			if err := r.Close(); err != nil {
				t.Errorf("second Close: %v", err)
			}
			if got := r.Stats().Failures[ReasonClosed]; got != 5 {
				t.Errorf("%d closed failures, want 5", got)
			}
		})
	}
}

func TestNewRejectsBadBundles(t *testing.T) {
	cases := []struct {
		bundle  string
		reason  string
		message string
		stack   string
	}{
		{"syntax.js", ReasonScript, "SyntaxError", ""},
		{"throw_at_load.js", ReasonScript, "TypeError: cannot start", "init"},
		{"no_render.js", ReasonScript, "did not define globalThis.renderPage", ""},
		{"loop_at_load.js", ReasonTimeout, "interrupted", ""},
	}
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			for _, tc := range cases {
				t.Run(tc.bundle, func(t *testing.T) {
					r, err := New(bundle(t, tc.bundle), Options{
						Engine: eng, Runtimes: 2, LoadTimeout: 100 * time.Millisecond,
					}, nil)
					if err == nil {
						r.Close()
						t.Fatal("New accepted the bundle")
					}
					e := wantReason(t, err, tc.reason)
					t.Logf("%v\n%s", err, e.Stack)
					if !strings.Contains(e.Message, tc.message) || !strings.Contains(e.Stack, tc.stack) {
						t.Errorf("message %q stack %q, want them to hold %q and %q", e.Message, e.Stack, tc.message, tc.stack)
					}
				})
			}
		})
	}
	t.Run("unknown engine", func(t *testing.T) {
		_, err := New(bundle(t, "good.js"), Options{Engine: "v8"}, nil)
		if err == nil || !strings.Contains(err.Error(), `unknown engine "v8"`) {
			t.Errorf("error %v, want unknown engine", err)
		}
	})
}

func TestStatsJSON(t *testing.T) {
	r := newRenderer(t, "counter.js", Options{Runtimes: 1}, nil)
	render(t, r, `{}`)
	_, err := r.Render(context.Background(), []byte(`{"fail":"throw"}`))
	wantReason(t, err, ReasonScript)
	plan(t, r, `{}`)
	plan(t, r, `{}`)

	b, err := json.Marshal(r.Stats())
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Engine   string            `json:"engine"`
		Runtimes int               `json:"runtimes"`
		Renders  uint64            `json:"renders"`
		Failures map[string]uint64 `json:"failures"`
		Replaced uint64            `json:"replaced"`
		Time     struct {
			Count   uint64 `json:"count"`
			Buckets []struct {
				UpToMs *float64 `json:"upToMs"`
				Count  uint64   `json:"count"`
			} `json:"buckets"`
		} `json:"time"`
		Plans struct {
			Count    uint64            `json:"count"`
			Failures map[string]uint64 `json:"failures"`
			Time     struct {
				Count uint64 `json:"count"`
			} `json:"time"`
		} `json:"plans"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Engine != "quickjs" || got.Runtimes != 1 || got.Renders != 1 || got.Replaced != 1 || got.Time.Count != 1 {
		t.Errorf("stats %s", b)
	}
	if got.Plans.Count != 2 || got.Plans.Time.Count != 2 || len(got.Plans.Failures) != len(reasons) || got.Plans.Failures[ReasonScript] != 0 {
		t.Errorf("plans %s", b)
	}
	if len(got.Failures) != len(reasons) || got.Failures[ReasonScript] != 1 {
		t.Errorf("failures %v, want every reason and 1 script error", got.Failures)
	}
	last := got.Time.Buckets[len(got.Time.Buckets)-1]
	if len(got.Time.Buckets) != len(bounds)+1 || got.Time.Buckets[0].UpToMs == nil || last.UpToMs != nil {
		t.Errorf("buckets %s", b)
	}
}

func TestReason(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{nil, ""},
		{errors.New("other"), ""},
		{&Error{Reason: ReasonQueueFull}, ReasonQueueFull},
		{errors.Join(errors.New("wrapped"), &Error{Reason: ReasonTimeout}), ReasonTimeout},
	} {
		if got := Reason(tc.err); got != tc.want {
			t.Errorf("Reason(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// renderAfterFailure renders again on r's one runtime, which rendered once
// before a failed call: a replaced runtime counts from 1 again. It checks
// the runtime was replaced or not as replaced says, and returns the stats.
func renderAfterFailure(t *testing.T, r *Renderer, replaced bool) Stats {
	t.Helper()
	want := "<p>2</p>"
	if replaced {
		want = "<p>1</p>"
	}
	if html := render(t, r, `{}`); html != want {
		t.Errorf("render after the failure %q, want %q", html, want)
	}
	st := r.Stats()
	if got := st.Replaced == 1; got != replaced {
		t.Errorf("replaced %d runtimes, want replaced %v", st.Replaced, replaced)
	}
	return st
}

func plan(t *testing.T, r *Renderer, input string) string {
	t.Helper()
	out, err := r.Plan(context.Background(), []byte(input))
	if err != nil {
		t.Fatalf("Plan(%s): %v", input, err)
	}
	return out
}

// TestPlanSharesRuntimes checks that Plan calls searchPlan in the same pool
// as Render (counter.js sees both in one runtime) and that Stats counts them
// apart.
func TestPlanSharesRuntimes(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			r := newRenderer(t, "counter.js", Options{Engine: eng, Runtimes: 1}, nil)
			if got := plan(t, r, `{}`); got != `{"plans":1,"renders":0}` {
				t.Errorf("first plan %s", got)
			}
			render(t, r, `{}`)
			if got := plan(t, r, `{}`); got != `{"plans":2,"renders":1}` {
				t.Errorf("plan after a render %s", got)
			}
			if got := plan(t, r, `{"none":true}`); got != "" {
				t.Errorf("plan of a page that does not search %q, want empty", got)
			}
			st := r.Stats()
			if st.Renders != 1 || st.Time.Count != 1 || st.Plans.Count != 3 || st.Plans.Time.Count != 3 {
				t.Errorf("stats %+v, want 1 render and 3 plans", st)
			}
		})
	}
}

// TestFailedPlan checks that a plan fails as a render does, replacing the
// runtime after a throw or a timeout, and counts with the plans only.
func TestFailedPlan(t *testing.T) {
	cases := []struct {
		fail     string
		reason   string
		replaced bool
		message  string
	}{
		{fail: "throw", reason: ReasonScript, replaced: true, message: "Error: boom: throw"},
		{fail: "loop", reason: ReasonTimeout, replaced: true, message: "deadline exceeded"},
		{fail: "number", reason: ReasonBadOutput, message: "searchPlan returned number"},
	}
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			for _, tc := range cases {
				t.Run(tc.fail, func(t *testing.T) {
					r := newRenderer(t, "counter.js", Options{Engine: eng, Runtimes: 1, Timeout: time.Minute}, nil)
					render(t, r, `{}`)
					ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
					defer cancel()
					out, err := r.Plan(ctx, []byte(`{"fail":"`+tc.fail+`"}`))
					if out != "" {
						t.Errorf("plan %q with the error", out)
					}
					e := wantReason(t, err, tc.reason)
					if !strings.Contains(e.Message, tc.message) {
						t.Errorf("message %q, want it to hold %q", e.Message, tc.message)
					}
					if st := renderAfterFailure(t, r, tc.replaced); st.Failures[tc.reason] != 0 || st.Plans.Failures[tc.reason] != 1 || st.Plans.Count != 0 {
						t.Errorf("stats %+v, want the failure %q among the plans' only", st, tc.reason)
					}
				})
			}
		})
	}
}

// TestPlanWithoutSearchPlan: a bundle that only renders still loads and
// renders; its plans fail without costing the runtime.
func TestPlanWithoutSearchPlan(t *testing.T) {
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			r := newRenderer(t, "good.js", Options{Engine: eng, Runtimes: 1}, nil)
			_, err := r.Plan(context.Background(), []byte(`{}`))
			e := wantReason(t, err, ReasonBadOutput)
			if !strings.Contains(e.Message, "searchPlan returned nothing") {
				t.Errorf("message %q", e.Message)
			}
			render(t, r, `{"title":"x"}`)
			if st := r.Stats(); st.Replaced != 0 || st.Renders != 1 {
				t.Errorf("stats %+v, want the runtime kept", st)
			}
		})
	}
}

// TestCallRunsPromiseJobs: the reactions a call queues run before the next
// call, in both engines, so that none piles up in a runtime.
func TestCallRunsPromiseJobs(t *testing.T) {
	const script = `var ran = 0;
globalThis.renderPage = function () {
	Promise.resolve().then(function () { ran++; });
	return String(ran);
};`
	for _, eng := range engines {
		t.Run(string(eng), func(t *testing.T) {
			r, err := New([]byte(script), Options{Engine: eng, Runtimes: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
			for want := range 3 {
				if got := render(t, r, `{}`); got != strconv.Itoa(want) {
					t.Fatalf("render %d saw %s reactions run, want %d", want, got, want)
				}
			}
		})
	}
}
