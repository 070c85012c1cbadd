// counter.js counts its renders in a global, so a test sees a fresh runtime:
// its count starts again at 1. Input {"fail": "<how>"} makes it misbehave:
// throw, loop (until interrupted), bomb (memory), recurse (stack), slow (busy
// for "ms" milliseconds, then render), or return
// one of the non-string values named by "value". searchPlan counts its calls
// apart, misbehaves as renderPage does for the same input, and returns ""
// for {"none": true}.
var renders = 0;
function explode(why) {
	throw new Error("boom: " + why);
}
function recurse(n) {
	return recurse(n + 1) + 1;
}
globalThis.renderPage = function (input) {
	var req = JSON.parse(input);
	switch (req.fail) {
		case "throw":
			explode(req.fail);
			break;
		case "throwString":
			throw "a bare string";
		case "loop":
			console.log("looping");
			for (;;) {}
		case "bomb":
			var keep = [];
			for (;;) keep.push("x".repeat(1 << 20) + keep.length);
		case "recurse":
			return String(recurse(0));
		case "number":
			return 42;
		case "null":
			return null;
		case "undefined":
			return undefined;
		case "object":
			return { html: "<p>" };
		case "array":
			return ["<p>"];
		case "bool":
			return true;
		case "slow":
			var end = Date.now() + req.ms;
			while (Date.now() < end) {}
			// A thread descheduled past the deadline (a loaded machine) would
			// otherwise leave the loop before the engine's next interrupt
			// check, which QuickJS makes every 10,000 steps or so.
			for (var i = 0; i < 100000; i++) {}
			break;
		case "promise":
			return Promise.resolve("<p>");
	}
	renders++;
	return "<p>" + renders + "</p>";
};
var plans = 0;
globalThis.searchPlan = function (input) {
	var req = JSON.parse(input);
	if (req.fail) return globalThis.renderPage(input);
	if (req.none) return "";
	plans++;
	return JSON.stringify({ plans: plans, renders: renders });
};
