// good.js renders {"title": "...", "items": [...]} into HTML and logs on every
// console level, as a real bundle's warnings would.
(function () {
	function escape(s) {
		return String(s).replace(/[&<>"]/g, function (c) {
			return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
		});
	}
	globalThis.renderPage = function (input) {
		var page = JSON.parse(input);
		console.log("render", page.title);
		console.info("items", page.items ? page.items.length : 0);
		console.warn({ warn: page.title });
		console.error(new Error("not really an error"));
		if (page.long) console.log(new Array(page.long + 1).join("é"));
		var html = "<main><h1>" + escape(page.title) + "</h1><ul>";
		(page.items || []).forEach(function (it) {
			html += "<li>" + escape(it) + "</li>";
		});
		return html + "</ul></main>";
	};
})();
