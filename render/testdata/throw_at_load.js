// throw_at_load.js throws while the bundle's top level runs.
function init() {
	throw new TypeError("cannot start");
}
init();
globalThis.renderPage = function () { return ""; };
