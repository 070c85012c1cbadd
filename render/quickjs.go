package render

import (
	"errors"
	"fmt"
	"time"

	"modernc.org/quickjs"
)

// quickJSEngine holds the bundle as QuickJS bytecode: parsed once in New,
// each runtime only reads it back, which is several times cheaper than
// parsing the source again.
type quickJSEngine struct {
	bytecode    []byte
	memoryLimit int64
}

func newQuickJS(bundle []byte, memoryLimit int64) (*quickJSEngine, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("new VM: %w", err)
	}
	defer vm.Close()
	bc, err := vm.Compile(string(bundle), quickjs.EvalGlobal)
	if err != nil {
		return nil, fmt.Errorf("compile bundle: %w", quickJSError(err))
	}
	return &quickJSEngine{bytecode: bc, memoryLimit: memoryLimit}, nil
}

func (e *quickJSEngine) newRuntime(c *console, loadTimeout time.Duration) (_ jsRuntime, err error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("new VM: %w", err)
	}
	defer func() {
		if err != nil {
			vm.Close()
		}
	}()
	if e.memoryLimit > 0 {
		vm.SetMemoryLimit(uintptr(e.memoryLimit))
	}
	err = vm.RegisterHostFunc(consoleHost, func(args []any) (any, error) {
		if len(args) == 2 {
			level, _ := args[0].(int)
			msg, _ := args[1].(string)
			c.write(level, msg)
		}
		return nil, nil
	})
	if err != nil {
		return nil, fmt.Errorf("register console: %w", err)
	}
	// The timeout applies to each Eval below on its own; three short scripts
	// and the bundle's top level, so loadTimeout stays the bound that matters.
	if err := vm.SetEvalTimeout(loadTimeout); err != nil {
		return nil, err
	}
	if _, err := vm.Eval(prelude, quickjs.EvalGlobal); err != nil {
		return nil, fmt.Errorf("prelude: %w", quickJSError(err))
	}
	v, err := vm.EvalBytecodeValue(e.bytecode)
	if err != nil {
		return nil, fmt.Errorf("run bundle: %w", quickJSError(err))
	}
	v.Free()
	fn, err := vm.EvalValue(entry, quickjs.EvalGlobal)
	if err != nil {
		return nil, fmt.Errorf("find renderPage: %w", quickJSError(err))
	}
	return &quickJSRuntime{vm: vm, fn: fn}, nil
}

type quickJSRuntime struct {
	vm *quickjs.VM
	fn quickjs.Value // entry's function, freed by close
}

func (r *quickJSRuntime) call(fn function, input string, deadline time.Time) (string, error) {
	// The eval timeout backs up interrupt: the VM clears a pending Interrupt
	// when a call starts, so one that lands just before would be lost.
	left := time.Until(deadline)
	if left <= 0 {
		return "", errInterrupted // SetEvalTimeout(0) would mean no limit
	}
	if err := r.vm.SetEvalTimeout(left); err != nil {
		return "", err
	}
	out, err := r.fn.Call(quickjs.UndefinedValue, int(fn), input)
	if err != nil {
		return "", quickJSError(err)
	}
	// The promise reactions the call queued run now, as goja runs them when
	// a call returns. QuickJS leaves them to its embedder: queued, each one
	// would keep what it holds alive for the runtime's life (InstantSearch
	// defers a little work per list render, with the whole search in reach,
	// and the runtime ran out of memory within a hundred renders).
	if _, err := r.vm.ExecutePendingJobs(); err != nil {
		return "", quickJSError(err)
	}
	switch out := out.(type) {
	case string:
		return out, nil
	case *quickjs.Object:
		var bad struct {
			BadOutput string `json:"badOutput"`
		}
		if err := out.Into(&bad); err != nil || bad.BadOutput == "" {
			return "", &badOutputError{fn: fn, got: "an unexpected value"}
		}
		return "", &badOutputError{fn: fn, got: bad.BadOutput}
	default:
		return "", &badOutputError{fn: fn, got: fmt.Sprintf("%T", out)}
	}
}

func (r *quickJSRuntime) interrupt() { r.vm.Interrupt() }

func (r *quickJSRuntime) close() {
	r.fn.Free()
	r.vm.Close()
}

// quickJSError turns the engine's error into errInterrupted or a
// *scriptError.
func quickJSError(err error) error {
	var e *quickjs.Error
	if !errors.As(err, &e) {
		// The wrapper's own failures, such as "OOM" copying a string.
		return &scriptError{message: err.Error()}
	}
	internal := e.Name == "InternalError"
	if internal && e.Message == "interrupted" {
		return errInterrupted
	}
	msg := e.Error()
	if e.Name != "" {
		msg = e.Name + ": " + e.Message
	}
	if e.LineNumber > 0 { // parse errors only
		msg += fmt.Sprintf(" (%s:%d:%d)", e.FileName, e.LineNumber, e.ColumnNumber)
	}
	return &scriptError{message: msg, stack: e.Stack, memory: internal && e.Message == "out of memory"}
}
