// bench.js does a page's kind of work: it parses a listing JSON of about
// 50 KB and builds a few hundred KB of HTML by string concatenation, as
// React's server renderer does.
(function () {
	function escape(s) {
		s = String(s);
		if (!/[&<>"]/.test(s)) return s;
		return s.replace(/[&<>"]/g, function (c) {
			return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
		});
	}
	function price(n) {
		var s = String(Math.round(n)), out = "";
		while (s.length > 3) {
			out = "." + s.slice(-3) + out;
			s = s.slice(0, -3);
		}
		return "€ " + s + out;
	}
	function card(l, i) {
		var h = '<article class="card" data-index="' + i + '"><a href="' + escape(l.url) + '">';
		h += '<img src="' + escape(l.photo) + '" alt="' + escape(l.title) + '" width="400" height="300">';
		h += "<h2>" + escape(l.title) + "</h2><p class=\"price\">" + price(l.price) + "</p><ul>";
		for (var k in l.facts) h += "<li><span>" + escape(k) + "</span> " + escape(l.facts[k]) + "</li>";
		h += "</ul><p>" + escape(l.description) + "</p></a></article>";
		return h;
	}
	globalThis.renderPage = function (input) {
		var page = JSON.parse(input);
		var html = '<div id="app"><header><h1>' + escape(page.title) + "</h1></header><main>";
		// Four passes over the listings, as a list, a map legend, a print view
		// and a sitemap would, to reach a few hundred KB.
		for (var pass = 0; pass < 4; pass++) {
			html += '<section class="pass-' + pass + '">';
			for (var i = 0; i < page.listings.length; i++) html += card(page.listings[i], i);
			html += "</section>";
		}
		return html + "</main></div>";
	};
})();
