// syntax.js does not parse.
globalThis.renderPage = function (input) {
	return "<p>" + ;
};
