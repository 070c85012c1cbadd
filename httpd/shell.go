package httpd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"io/fs"
	"regexp"
	"strings"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/pagedata"
	"github.com/estate-agency/estate/site"
)

// shellHTML is the UI's index.html cut where the server writes: the html
// element's lang, the head (title, meta, links, JSON-LD) and the body's
// data scripts.
type shellHTML struct {
	beforeLang, beforeHead, beforeRoot, afterRoot, rest string
	// emptyRoot is what #root holds without a server render: nothing in
	// the UI's build, a notice in the fallback below.
	emptyRoot string
}

// fallbackIndex stands in for the UI before `make build` has run (go test,
// a bare `go build`): the same markers, so every page still answers with
// its full head and data, and a note for whoever opens it in a browser.
const fallbackIndex = `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<!--ssr-head-->
</head>
<body>
<div id="root"><p>The UI is not built into this binary: run <code>make build</code>.</p></div>
<!--ssr-body-->
</body>
</html>
`

var htmlTagRE = regexp.MustCompile(`<html[^>]*>`)

// rootOpen is the element the app renders into; the server's HTML goes
// between it and its closing tag.
const rootOpen = `<div id="root">`

func loadShell(dist fs.FS) (shellHTML, error) {
	raw, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		raw = []byte(fallbackIndex)
	}
	s := string(raw)
	loc := htmlTagRE.FindStringIndex(s)
	head := strings.Index(s, "<!--ssr-head-->")
	body := strings.Index(s, "<!--ssr-body-->")
	root := strings.Index(s, rootOpen)
	rootEnd := -1
	if root >= 0 {
		rootEnd = strings.Index(s[root:], "</div>") + root
	}
	if loc == nil || head < loc[1] || root < head || rootEnd < root || body < rootEnd {
		return shellHTML{}, fmt.Errorf("ui: index.html lacks <html>, <!--ssr-head-->, %s…</div> or <!--ssr-body--> in that order", rootOpen)
	}
	return shellHTML{
		beforeLang: s[:loc[0]] + `<html lang="`,
		beforeHead: `"` + s[loc[1]-1:head],
		beforeRoot: s[head+len("<!--ssr-head-->") : root+len(rootOpen)],
		emptyRoot:  s[root+len(rootOpen) : rootEnd],
		afterRoot:  s[rootEnd:body],
		rest:       s[body+len("<!--ssr-body-->"):],
	}, nil
}

// headData is what the head template needs: the page data, what its
// head states (pagedata.Head) and what the HTML adds.
type headData struct {
	Page site.PageData
	pagedata.Head
	SEO    config.SEO
	JSONLD []template.JS
	// Preload is Head.FirstImage as a link element.
	Preload *preload
	// Texts is the file of the page language's translations, which the
	// first render needs: every namespace in one.
	Texts string
	// View is what the page's view loads: its chunks and their styles.
	View viewAssets
	// ServerRendered: root holds the server's HTML, which paints before
	// any script runs. The scripts and texts the app needs are then held
	// in an inert template, so they do not share the connection with the
	// styles and the largest image that the first paint waits for; the
	// entry moves them into the head once the page has painted, and they
	// load at once instead of round after round as the modules ask.
	ServerRendered bool
	// Feedback is what a thank-you page says without scripts.
	Feedback *feedbackNote
}

// preload is the page's largest image as the head links it.
type preload pagedata.Preload

// ldScripts encodes JSON-LD objects for the head. json.Marshal escapes
// <, > and &, so a value cannot end the script element.
func ldScripts(objs ...map[string]any) []template.JS {
	out := make([]template.JS, 0, len(objs))
	for _, o := range objs {
		b, err := json.Marshal(o)
		if err != nil {
			continue // every value here is a string, number or map of them
		}
		out = append(out, template.JS(b)) // #nosec G203 -- escaped JSON, see above
	}
	return out
}

// Tag is the link element. It is written by hand because html/template
// takes every attribute whose name holds "src" for a URL and would
// percent-encode the spaces of imagesrcset.
func (p preload) Tag() template.HTML {
	var b strings.Builder
	b.WriteString(`<link rel="preload" as="image" href="`)
	b.WriteString(html.EscapeString(p.Href))
	if p.Type != "" {
		b.WriteString(`" type="` + html.EscapeString(p.Type))
	}
	if p.SrcSet != "" {
		b.WriteString(`" imagesrcset="` + html.EscapeString(p.SrcSet) + `" imagesizes="` + html.EscapeString(p.Sizes))
	}
	b.WriteString(`" fetchpriority="high">`)
	return template.HTML(b.String()) // #nosec G203 -- every value is escaped above
}

var headTemplate = template.Must(template.New("head").Parse(`<title>{{.Page.DocumentTitle}}</title>
<meta name="description" content="{{.Page.Description}}">
<meta name="robots" content="{{.Page.Robots}}">
<link rel="canonical" href="{{.Canonical}}">
{{range .Alternates}}<link rel="alternate" hreflang="{{.Lang}}" href="{{.URL}}">
{{end}}{{if .XDefault}}<link rel="alternate" hreflang="x-default" href="{{.XDefault}}">
{{end}}<meta property="og:type" content="{{.OGType}}">
<meta property="og:site_name" content="{{.SiteName}}">
<meta property="og:title" content="{{.Page.Title}}">
<meta property="og:description" content="{{.Page.Description}}">
<meta property="og:url" content="{{.Canonical}}">
<meta property="og:locale" content="{{.Locale}}">
{{range .Locales}}<meta property="og:locale:alternate" content="{{.}}">
{{end}}{{if .Image}}<meta property="og:image" content="{{.Image}}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:image" content="{{.Image}}">
{{else}}<meta name="twitter:card" content="summary">
{{end}}<meta name="twitter:title" content="{{.Page.Title}}">
<meta name="twitter:description" content="{{.Page.Description}}">
{{with .SEO.GoogleVerification}}<meta name="google-site-verification" content="{{.}}">
{{end}}{{with .SEO.FacebookVerification}}<meta name="facebook-domain-verification" content="{{.}}">
{{end}}{{with .SEO.NortonSafeWeb}}<meta name="norton-safeweb-site-verification" content="{{.}}">
{{end}}<link rel="icon" href="/favicon.svg" type="image/svg+xml">
{{range .View.Styles}}<link rel="stylesheet" crossorigin href="{{.}}">
{{end}}{{with .Preload}}{{.Tag}}
{{end}}{{if .ServerRendered}}<template id="app-files">{{end}}{{range .View.Scripts}}<link rel="modulepreload" crossorigin href="{{.}}">
{{end}}{{with .Texts}}<link rel="preload" as="fetch" href="{{.}}" crossorigin="anonymous">
{{end}}{{if .ServerRendered}}</template>
{{end}}{{range .JSONLD}}<script type="application/ld+json">{{.}}</script>
{{end}}`))

// listingsTemplate is a list page without scripts: its heading and first
// results as links, for crawlers and visitors that run no script (the app
// renders the full list).
var listingsTemplate = template.Must(template.New("listings").Parse(`<noscript><main class="container"><h1>{{.Title}}</h1>
<ul>{{range .Listings}}<li><a href="{{.Path}}">{{.Text}}</a>{{if .Price}} – {{.Price}}{{end}}</li>{{end}}</ul></main></noscript>
`))

// render writes the page: the template's pieces around the head, the
// server's HTML of the app (root, "" when it was not rendered) and the
// data scripts. json.Marshal escapes <, > and &, so the JSON cannot close
// its script element.
//
// search is a list page's first results (firstResults), written as
// #search-data for the browser to start from; with the cards in root, the
// links for visitors without scripts are not needed.
func (s shellHTML) render(w io.Writer, head headData, siteJSON []byte, root string, search json.RawMessage) error {
	var b bytes.Buffer
	b.Grow(len(s.beforeLang) + len(s.beforeHead) + len(s.beforeRoot) + len(root) + len(s.afterRoot) + len(s.rest) + len(siteJSON) + 8192)
	b.WriteString(s.beforeLang)
	template.HTMLEscape(&b, []byte(head.Page.Lang))
	b.WriteString(s.beforeHead)
	head.ServerRendered = root != ""
	if err := headTemplate.Execute(&b, head); err != nil {
		return fmt.Errorf("render head: %w", err)
	}
	b.WriteString(s.beforeRoot)
	if root != "" {
		b.WriteString(root)
	} else {
		b.WriteString(s.emptyRoot)
	}
	b.WriteString(s.afterRoot)
	if len(head.Page.Listings) > 0 && (root == "" || search == nil) {
		if err := listingsTemplate.Execute(&b, head.Page); err != nil {
			return fmt.Errorf("render listing links: %w", err)
		}
	}
	if head.Feedback != nil && root == "" {
		if err := feedbackTemplate.Execute(&b, head.Feedback); err != nil {
			return fmt.Errorf("render thank-you note: %w", err)
		}
	}
	pageJSON, err := json.Marshal(head.Page)
	if err != nil {
		return fmt.Errorf("render page data: %w", err)
	}
	b.WriteString(`<script type="application/json" id="site-data">`)
	b.Write(siteJSON)
	b.WriteString("</script>\n<script type=\"application/json\" id=\"page-data\">")
	b.Write(pageJSON)
	b.WriteString("</script>")
	if search != nil {
		// Marshalled by encoding/json (initialResults): <, > and & are
		// escaped, so it cannot close its script element either.
		b.WriteString("\n<script type=\"application/json\" id=\"search-data\">")
		b.Write(search)
		b.WriteString("</script>")
	}
	b.WriteString(s.rest)
	_, err = w.Write(b.Bytes())
	return err
}
