// no_render.js forgets to define renderPage.
globalThis.render = function () { return ""; };
