package render

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/dop251/goja"
)

// maxCallDepth bounds JS recursion in goja, whose default is unbounded: a
// runaway recursion through built-ins grows the Go stack until the process
// dies. React's depth is far below it.
const maxCallDepth = 10_000

// gojaEngine holds the programs compiled once; goja runs a Program in any
// number of runtimes at once.
type gojaEngine struct {
	prelude, bundle, entry *goja.Program
}

func newGoja(bundle []byte) (*gojaEngine, error) {
	b, err := goja.Compile("bundle.js", string(bundle), false)
	if err != nil {
		return nil, fmt.Errorf("compile bundle: %w", &scriptError{message: err.Error()})
	}
	// The two constants compile or the package is broken.
	return &gojaEngine{
		prelude: goja.MustCompile("prelude.js", prelude, true),
		bundle:  b,
		entry:   goja.MustCompile("entry.js", entry, true),
	}, nil
}

func (e *gojaEngine) newRuntime(c *console, loadTimeout time.Duration) (jsRuntime, error) {
	vm := goja.New()
	vm.SetMaxCallStackSize(maxCallDepth)
	err := vm.Set(consoleHost, func(call goja.FunctionCall) goja.Value {
		c.write(int(call.Argument(0).ToInteger()), call.Argument(1).String())
		return goja.Undefined()
	})
	if err != nil {
		return nil, fmt.Errorf("register console: %w", err)
	}
	t := time.AfterFunc(loadTimeout, func() { vm.Interrupt(errInterrupted) })
	defer t.Stop()
	if _, err := vm.RunProgram(e.prelude); err != nil {
		return nil, fmt.Errorf("prelude: %w", gojaError(err))
	}
	if _, err := vm.RunProgram(e.bundle); err != nil {
		return nil, fmt.Errorf("run bundle: %w", gojaError(err))
	}
	v, err := vm.RunProgram(e.entry)
	if err != nil {
		return nil, fmt.Errorf("find renderPage: %w", gojaError(err))
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		return nil, errors.New("find renderPage: entry is not a function")
	}
	if !t.Stop() {
		// The timer fired after the last program: its interrupt is pending
		// and would stop the first render.
		return nil, fmt.Errorf("run bundle: %w", errInterrupted)
	}
	return &gojaRuntime{vm: vm, fn: fn}, nil
}

type gojaRuntime struct {
	vm *goja.Runtime
	fn goja.Callable
}

func (r *gojaRuntime) call(fn function, input string, deadline time.Time) (string, error) {
	// The Renderer interrupts at the deadline; goja keeps an interrupt that
	// comes before the call, so none is lost.
	out, err := r.fn(goja.Undefined(), r.vm.ToValue(int(fn)), r.vm.ToValue(input))
	if err != nil {
		return "", gojaError(err)
	}
	if s, ok := out.Export().(string); ok {
		return s, nil
	}
	got := "an unexpected value"
	if o, ok := out.(*goja.Object); ok {
		if v := o.Get("badOutput"); v != nil {
			got = v.String()
		}
	}
	return "", &badOutputError{fn: fn, got: got}
}

func (r *gojaRuntime) interrupt() { r.vm.Interrupt(errInterrupted) }

// close has nothing to release: a goja runtime is Go memory.
func (r *gojaRuntime) close() {}

// gojaError turns goja's error into errInterrupted or a *scriptError.
func gojaError(err error) error {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		return errInterrupted
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		return &scriptError{message: "RangeError: Maximum call stack size exceeded", stack: gojaStack(so.Stack())}
	}
	var ex *goja.Exception
	if !errors.As(err, &ex) {
		return &scriptError{message: err.Error()}
	}
	msg := ""
	if o, ok := ex.Value().(*goja.Object); ok {
		name, message := o.Get("name"), o.Get("message")
		if name != nil && message != nil {
			msg = name.String() + ": " + message.String()
		}
	}
	if msg == "" {
		msg = ex.Error()
	}
	return &scriptError{message: msg, stack: gojaStack(ex.Stack())}
}

func gojaStack(frames []goja.StackFrame) string {
	var b bytes.Buffer
	for i, f := range frames {
		if i == maxStack {
			b.WriteString(moreFrames(len(frames) - i))
			break
		}
		b.WriteString("    at ")
		f.Write(&b)
		b.WriteByte('\n')
	}
	return b.String()
}
