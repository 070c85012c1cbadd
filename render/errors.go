package render

import (
	"errors"
	"fmt"
)

// The reasons a render fails. The caller serves the client-rendered page for
// every one of them; the reason is what it logs and counts, and the keys of
// Stats.Failures.
const (
	// ReasonTimeout: the render (waiting included) ran past its deadline,
	// Options.Timeout or the caller's context deadline, whichever came first.
	ReasonTimeout = "timeout"
	// ReasonCanceled: the caller's context was canceled (the visitor left).
	ReasonCanceled = "canceled"
	// ReasonScript: the script threw; Error.Stack holds the JS stack.
	ReasonScript = "script"
	// ReasonMemory: the runtime reached Options.MemoryLimit.
	ReasonMemory = "memory"
	// ReasonQueueFull: every runtime was busy and Options.MaxQueue callers
	// already waited.
	ReasonQueueFull = "queue_full"
	// ReasonBadOutput: renderPage or searchPlan returned something other
	// than a string, or the bundle does not define searchPlan.
	ReasonBadOutput = "bad_output"
	// ReasonClosed: the Renderer was closed before or during the render.
	ReasonClosed = "closed"
	// ReasonEngine: the engine itself failed (a panic in it), not the script.
	ReasonEngine = "engine"
)

// reasons lists every reason once, in the order Stats reports them.
var reasons = [...]string{
	ReasonTimeout, ReasonCanceled, ReasonScript, ReasonMemory,
	ReasonQueueFull, ReasonBadOutput, ReasonClosed, ReasonEngine,
}

// Error is the error of a failed render or load. Every error Render returns is
// an *Error.
type Error struct {
	// Reason is one of the Reason constants.
	Reason string
	// Message says what happened: the JS error's "Name: message" for a script
	// error.
	Message string
	// Stack is the JS stack of a script error, for logs; empty otherwise.
	Stack string
	// Err is the underlying error, if any (context.DeadlineExceeded,
	// context.Canceled, the engine's error).
	Err error
}

func (e *Error) Error() string {
	return "render: " + e.Reason + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Reason returns the reason of a render error (one of the Reason constants),
// or "" when err is nil or not from this package.
func Reason(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

// scriptError is what a runtime returns when the script threw: the engine's
// error reduced to the parts worth logging.
type scriptError struct {
	message string // "TypeError: x is not a function"
	stack   string
	memory  bool // the engine ran out of the runtime's memory
}

func (e *scriptError) Error() string { return e.message }

// errInterrupted is what a runtime returns when its render was interrupted;
// the Renderer knows why (deadline, cancel, close).
var errInterrupted = errors.New("interrupted")

// badOutputError is what a runtime returns when the function returned
// something other than a string.
type badOutputError struct {
	fn  function
	got string
}

func (e *badOutputError) Error() string {
	return fmt.Sprintf("%v returned %s, want a string", e.fn, e.got)
}
