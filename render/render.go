// Package render runs the UI's server bundle: one classic script that defines
// globalThis.renderPage(input string) string, evaluated in an embedded pure-Go
// JavaScript engine, so the binary renders the React pages without Node.js.
// The bundle may also define globalThis.searchPlan(input string) string, the
// first search of a list page, which the server answers before it renders
// the page with the results (Renderer.Plan).
//
// A Renderer compiles the bundle once and keeps a pool of runtimes that have
// each run it. A render has a deadline, and a runtime whose render timed out,
// threw or ran out of memory is never used again: it is replaced in the
// background (the spike saw both engines fail later renders after an
// interrupted one). Every failure is an *Error with a reason, which the caller
// logs and counts while it serves the client-rendered page instead.
package render

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Options tune a Renderer. The zero value gives the defaults.
type Options struct {
	// Engine is QuickJS (default) or Goja.
	Engine Engine
	// Runtimes is the pool size; default runtime.GOMAXPROCS(0).
	Runtimes int
	// Timeout bounds a render, waiting for a runtime included; default 200 ms.
	Timeout time.Duration
	// MaxQueue is how many callers may wait for a busy pool; beyond it Render
	// fails at once with ReasonQueueFull. Default 4 per runtime; negative: none.
	MaxQueue int
	// MemoryLimit bounds a runtime's memory in bytes; default 64 MB, negative:
	// none. QuickJS only: goja has no such limit.
	MemoryLimit int64
	// LoadTimeout bounds running the bundle's top level in a new runtime;
	// default 10 s.
	LoadTimeout time.Duration
}

func (o Options) withDefaults() (Options, error) {
	switch o.Engine {
	case "":
		o.Engine = QuickJS
	case QuickJS, Goja:
	default:
		return o, fmt.Errorf("unknown engine %q (want %q or %q)", o.Engine, QuickJS, Goja)
	}
	if o.Runtimes <= 0 {
		o.Runtimes = runtime.GOMAXPROCS(0)
	}
	if o.Timeout <= 0 {
		o.Timeout = 200 * time.Millisecond
	}
	switch {
	case o.MaxQueue == 0:
		o.MaxQueue = 4 * o.Runtimes
	case o.MaxQueue < 0:
		o.MaxQueue = 0
	}
	switch {
	case o.MemoryLimit == 0:
		o.MemoryLimit = 64 << 20
	case o.MemoryLimit < 0:
		o.MemoryLimit = 0
	}
	if o.LoadTimeout <= 0 {
		o.LoadTimeout = 10 * time.Second
	}
	return o, nil
}

// Renderer renders pages with a pool of JS runtimes. It is safe for
// concurrent use.
type Renderer struct {
	opts Options
	log  *slog.Logger
	eng  engine
	// idle holds the runtimes ready to render. Its capacity is the pool
	// size, and there are never more runtimes than that, so a send never
	// blocks.
	idle     chan *vm
	waiting  atomic.Int64
	stats    [2]counters // by function: renders, plans
	replaced atomic.Uint64

	// closing is canceled by Close: it interrupts the renders in progress
	// and wakes the callers waiting for a runtime.
	closing context.Context
	stopAll context.CancelFunc
	mu      sync.RWMutex // guards closed against wg.Add racing Close's Wait
	closed  bool
	wg      sync.WaitGroup // renders and replacements in progress
}

// vm is one runtime of the pool.
type vm struct {
	js      jsRuntime
	console *console
}

// New compiles the bundle and loads it into every runtime of the pool, all at
// once. When the bundle does not parse, throws, does not define renderPage or
// runs past Options.LoadTimeout, the error is an *Error (with the JS stack).
func New(bundle []byte, opts Options, log *slog.Logger) (*Renderer, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var eng engine
	switch opts.Engine {
	case QuickJS:
		eng, err = newQuickJS(bundle, opts.MemoryLimit)
	case Goja:
		eng, err = newGoja(bundle)
	}
	if err != nil {
		return nil, loadError(err)
	}
	closing, stopAll := context.WithCancel(context.Background())
	r := &Renderer{
		opts:    opts,
		log:     log,
		eng:     eng,
		idle:    make(chan *vm, opts.Runtimes),
		closing: closing,
		stopAll: stopAll,
	}

	vms := make([]*vm, opts.Runtimes)
	errs := make([]error, opts.Runtimes)
	var wg sync.WaitGroup
	for i := range vms {
		wg.Go(func() { vms[i], errs[i] = r.load() })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			for _, v := range vms {
				if v != nil {
					v.close()
				}
			}
			stopAll()
			return nil, loadError(err)
		}
	}
	for _, v := range vms {
		r.idle <- v
	}
	return r, nil
}

// Render calls renderPage(input) in a free runtime and returns the HTML.
// input is the JSON the bundle expects. It waits for a runtime while fewer
// than Options.MaxQueue callers wait, within ctx and Options.Timeout. Every
// error is an *Error; Reason tells which kind.
func (r *Renderer) Render(ctx context.Context, input []byte) (string, error) {
	return r.call(ctx, fnRender, input)
}

// Plan calls searchPlan(input) as Render calls renderPage, with the same
// input, pool, deadline and failures (Stats counts them apart): it returns
// the JSON of the page's first search, or "" for a page that does not search.
// A bundle without searchPlan fails with ReasonBadOutput.
func (r *Renderer) Plan(ctx context.Context, input []byte) (string, error) {
	return r.call(ctx, fnPlan, input)
}

// WithTimeout gives the calls made with the returned context their own
// deadline instead of Options.Timeout: longer for a page rendered behind a
// visitor who is not waiting for it. The context's own deadline still
// applies.
func WithTimeout(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, timeoutKey{}, d)
}

type timeoutKey struct{}

func (r *Renderer) call(ctx context.Context, fn function, input []byte) (string, error) {
	c := &r.stats[fn]
	if !r.begin() {
		return "", c.fail(&Error{Reason: ReasonClosed, Message: "renderer closed"})
	}
	defer r.wg.Done()

	start := time.Now()
	timeout := r.opts.Timeout
	if d, ok := ctx.Value(timeoutKey{}).(time.Duration); ok {
		timeout = d
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	ctx, abort := context.WithCancelCause(ctx)
	defer abort(nil)
	stop := context.AfterFunc(r.closing, func() { abort(errClosed) })
	defer stop()

	v, err := r.acquire(ctx, c, start)
	if err != nil {
		return "", c.fail(err)
	}
	return r.run(ctx, v, fn, input, start)
}

// errClosed is the cause of a render's context when Close stops it.
var errClosed = errors.New("renderer closed")

func (r *Renderer) begin() bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.closed {
		return false
	}
	r.wg.Add(1)
	return true
}

// acquire takes a free runtime, waiting for one if the queue has room.
func (r *Renderer) acquire(ctx context.Context, c *counters, start time.Time) (*vm, *Error) {
	var v *vm
	select {
	case v = <-r.idle:
	default:
		if n := r.waiting.Add(1); n > int64(r.opts.MaxQueue) {
			r.waiting.Add(-1)
			return nil, &Error{
				Reason:  ReasonQueueFull,
				Message: fmt.Sprintf("all %d runtimes busy and %d callers waiting", r.opts.Runtimes, n-1),
			}
		}
		defer r.waiting.Add(-1)
		c.waited.Add(1)
		select {
		case v = <-r.idle:
		case <-ctx.Done():
			return nil, stopped(ctx, start, "waiting for a runtime")
		}
	}
	if ctx.Err() != nil {
		// The context ended before the runtime came, or as it came and
		// select picked the runtime. It is untouched, so it goes back
		// rather than be interrupted at once and replaced.
		r.idle <- v
		return nil, stopped(ctx, start, "waiting for a runtime")
	}
	return v, nil
}

// run calls fn in v, then returns v to the pool or replaces it.
func (r *Renderer) run(ctx context.Context, v *vm, fn function, input []byte, start time.Time) (string, error) {
	c := &r.stats[fn]
	deadline, _ := ctx.Deadline()
	v.console.ctx = ctx
	stop := context.AfterFunc(ctx, v.js.interrupt)
	t0 := time.Now()
	out, err := v.call(fn, string(input), deadline)
	d := time.Since(t0)
	// After stop reports false the interrupt has run or is about to, maybe
	// after this render: v could stop a later one, so it is replaced.
	interrupted := !stop()
	v.console.ctx = nil

	var bad *badOutputError
	switch {
	case err == nil && !interrupted:
		r.idle <- v
	case errors.As(err, &bad) && !interrupted:
		r.idle <- v // the runtime is sound; the script's answer was not
	default:
		r.replace(v)
	}
	if err == nil {
		// Also when the deadline struck just as the call finished.
		c.success(d)
		return out, nil
	}

	var se *scriptError
	var pe *panicError
	var e *Error
	switch {
	case errors.Is(err, errInterrupted):
		e = stopped(ctx, start, "rendering")
	case bad != nil:
		e = &Error{Reason: ReasonBadOutput, Message: bad.Error()}
	case errors.As(err, &se):
		e = scriptFailure(se)
	case errors.As(err, &pe):
		e = &Error{Reason: ReasonEngine, Message: pe.Error()}
	default:
		e = &Error{Reason: ReasonEngine, Message: err.Error(), Err: err}
	}
	return "", c.fail(e)
}

// stopped says why ctx ended: Close, a deadline or the caller's cancel.
func stopped(ctx context.Context, start time.Time, doing string) *Error {
	cause := context.Cause(ctx)
	took := time.Since(start).Round(time.Millisecond)
	switch {
	case errors.Is(cause, errClosed):
		return &Error{Reason: ReasonClosed, Message: "renderer closed while " + doing}
	case cause == nil || errors.Is(cause, context.DeadlineExceeded):
		// nil: QuickJS's own eval timeout, set to the same deadline, struck
		// before the context's timer did.
		return &Error{
			Reason:  ReasonTimeout,
			Message: fmt.Sprintf("deadline exceeded after %v %s", took, doing),
			Err:     context.DeadlineExceeded,
		}
	default:
		return &Error{
			Reason:  ReasonCanceled,
			Message: fmt.Sprintf("canceled after %v %s", took, doing),
			Err:     cause,
		}
	}
}

// scriptFailure is the *Error of a script error.
func scriptFailure(se *scriptError) *Error {
	reason := ReasonScript
	if se.memory {
		reason = ReasonMemory
	}
	return &Error{Reason: reason, Message: se.message, Stack: trimStack(se.stack)}
}

// maxStack bounds the frames of a stack kept for the logs: a runaway
// recursion has thousands of identical ones.
const maxStack = 30

func trimStack(s string) string {
	lines := func(s string) int { return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1 }
	if lines(s) <= maxStack+1 { // the last line may say how many more
		return s
	}
	i := 0
	for range maxStack {
		i += strings.IndexByte(s[i:], '\n') + 1
	}
	return s[:i] + moreFrames(lines(s[i:]))
}

func moreFrames(n int) string { return fmt.Sprintf("    … %d more frames\n", n) }

// loadError is an error of New: an *Error when the script failed or ran past
// LoadTimeout, with the context the engine added in its message.
func loadError(err error) error {
	var se *scriptError
	switch {
	case errors.As(err, &se):
		e := scriptFailure(se)
		e.Message = err.Error()
		return e
	case errors.Is(err, errInterrupted):
		return &Error{Reason: ReasonTimeout, Message: err.Error(), Err: context.DeadlineExceeded}
	}
	return fmt.Errorf("render: %w", err)
}

// replace closes v and loads a new runtime in its place, in the background:
// the pool goes on serving with the others meanwhile.
func (r *Renderer) replace(old *vm) {
	r.replaced.Add(1)
	r.wg.Add(1) // the caller's render holds the group, so Close is still waiting
	go func() {
		defer r.wg.Done()
		old.close()
		for wait := 100 * time.Millisecond; ; wait = min(2*wait, 30*time.Second) {
			if r.closing.Err() != nil {
				return
			}
			v, err := r.load()
			if err == nil {
				r.idle <- v
				return
			}
			// The bundle loaded at New, so this is memory or the machine:
			// retry, or the pool would shrink for good.
			r.log.Error("render: replace runtime", "err", err, "retryIn", wait)
			select {
			case <-r.closing.Done():
				return
			case <-time.After(wait):
			}
		}
	}()
}

// load makes a runtime that has run the bundle.
func (r *Renderer) load() (v *vm, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{p}
		}
	}()
	c := &console{log: r.log}
	js, err := r.eng.newRuntime(c, r.opts.LoadTimeout)
	if err != nil {
		return nil, err
	}
	return &vm{js: js, console: c}, nil
}

// call calls the runtime, turning an engine panic into an error: bad
// script behaviour must never take the process down.
func (v *vm) call(fn function, input string, deadline time.Time) (out string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{p}
		}
	}()
	return v.js.call(fn, input, deadline)
}

func (v *vm) close() {
	defer func() { _ = recover() }() // an engine that panicked may panic again; it leaks
	v.js.close()
}

type panicError struct{ v any }

func (e *panicError) Error() string { return fmt.Sprintf("engine panic: %v", e.v) }

// Stats returns the counters since New.
func (r *Renderer) Stats() Stats {
	renders := r.stats[fnRender].snapshot()
	return Stats{
		Engine:   r.opts.Engine,
		Runtimes: r.opts.Runtimes,
		Renders:  renders.Count,
		Failures: renders.Failures,
		Waited:   renders.Waited,
		Waiting:  int(min(r.waiting.Load(), int64(r.opts.MaxQueue))),
		Replaced: r.replaced.Load(),
		Time:     renders.Time,
		Plans:    r.stats[fnPlan].snapshot(),
	}
}

// Close interrupts the renders in progress (they fail with ReasonClosed),
// waits for them and for runtime replacements, and releases the runtimes.
// Render fails with ReasonClosed afterwards. Close may be called more than
// once.
func (r *Renderer) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	r.mu.Unlock()

	r.stopAll()
	r.wg.Wait()
	for {
		select {
		case v := <-r.idle:
			v.close()
		default:
			return nil
		}
	}
}
