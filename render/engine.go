package render

import (
	"context"
	"log/slog"
	"time"
	"unicode/utf8"
)

// Engine names a JavaScript engine.
type Engine string

const (
	// QuickJS is modernc.org/quickjs, QuickJS transpiled to Go: the faster
	// and leaner engine in the spike, with a memory limit per runtime.
	QuickJS Engine = "quickjs"
	// Goja is github.com/dop251/goja, the fallback. It has no memory limit:
	// its objects live in the Go heap, which GOMEMLIMIT does see.
	Goja Engine = "goja"
)

// engine holds a bundle compiled once and makes runtimes that have run it.
type engine interface {
	// newRuntime returns a runtime that has evaluated the bundle within
	// loadTimeout. Its console writes to c.
	newRuntime(c *console, loadTimeout time.Duration) (jsRuntime, error)
}

// function names a global of the bundle that the Renderer calls: each takes
// a JSON string and returns a string.
type function int

const (
	fnRender function = iota // renderPage(input) → HTML
	fnPlan                   // searchPlan(input) → the search plan's JSON, or ""
)

func (f function) String() string {
	if f == fnPlan {
		return "searchPlan"
	}
	return "renderPage"
}

// jsRuntime is one loaded JS runtime. Only one goroutine at a time calls
// call and close; interrupt may be called from any goroutine at any time,
// also after close.
type jsRuntime interface {
	// call calls the bundle's function fn with input, stopping by itself at
	// deadline. It returns errInterrupted, a *scriptError or a
	// *badOutputError.
	call(fn function, input string, deadline time.Time) (string, error)
	interrupt()
	close()
}

// consoleHost is the global name of the one host function, which the prelude
// takes and deletes before the bundle runs, so the bundle sees only console.
const consoleHost = "__estateConsole"

// maxConsole bounds a console message in bytes: a script that logs a whole
// page must not flood the log.
const maxConsole = 2048

// prelude runs before the bundle. It gives the script console.* on top of the
// host function, formatting the arguments in JS (an object as JSON, an error
// with its stack) and cutting long messages before they cross to Go. Levels
// are slog's.
const prelude = `(function () {
	"use strict";
	var host = globalThis.` + consoleHost + `;
	delete globalThis.` + consoleHost + `;
	var limit = 2048; // maxConsole, counted in UTF-16 units here
	function text(v) {
		try {
			if (typeof v === "string") return v;
			if (v instanceof Error) return v.stack ? String(v) + "\n" + v.stack : String(v);
			if (typeof v === "object" && v !== null) {
				var s = JSON.stringify(v);
				if (s !== undefined) return s;
			}
			return String(v);
		} catch (e) {
			return "[unprintable]";
		}
	}
	function logger(level) {
		return function () {
			var msg = "";
			for (var i = 0; i < arguments.length && msg.length < limit; i++) {
				msg += (i ? " " : "") + text(arguments[i]);
			}
			host(level, msg.length > limit ? msg.slice(0, limit) : msg);
		};
	}
	globalThis.console = {
		debug: logger(-4), log: logger(0), info: logger(0), warn: logger(4), error: logger(8),
	};
})();`

// entry runs after the bundle and evaluates to the function the Renderer
// calls, with a function's number (fnRender, fnPlan) and the input. It fails
// the load when the bundle did not define renderPage; searchPlan is optional,
// as a bundle that cannot plan still renders. It turns a result that is not a
// string into a small object naming its type, so that the Go side never
// converts a large or cyclic object.
const entry = `(function (fns) {
	"use strict";
	if (typeof fns[0] !== "function") {
		throw new TypeError("the bundle did not define globalThis.renderPage (got " + typeof fns[0] + ")");
	}
	return function (which, input) {
		var fn = fns[which];
		if (typeof fn !== "function") return { badOutput: "nothing: the bundle did not define it" };
		var out = fn(input);
		if (typeof out === "string") return out;
		return { badOutput: out === null ? "null" : Array.isArray(out) ? "an array" : typeof out };
	};
})([globalThis.renderPage, globalThis.searchPlan])`

// console forwards a runtime's console to the Renderer's logger.
type console struct {
	log *slog.Logger
	// ctx is the context of the render in progress, so that a handler can add
	// the request's attributes. Set by the goroutine that renders, read by the
	// host function it calls.
	ctx context.Context
}

func (c *console) write(level int, msg string) {
	if len(msg) > maxConsole {
		cut := maxConsole
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	ctx := c.ctx
	if ctx == nil {
		ctx = context.Background() // console used while loading
	}
	c.log.Log(ctx, slog.Level(level), "js console", slog.String("text", msg))
}
