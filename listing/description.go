package listing

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Description lengths the site shows.
const (
	CardDescriptionLimit        = 250 // property cards and lists
	QuickSearchDescriptionLimit = 100 // quick-search results
)

// ellipsis marks a cut description.
const ellipsis = "…"

// CleanDescription strips tags, decodes entities, collapses whitespace
// (keeping the no-break spaces of French punctuation, see collapse) and
// limits the text to limit runes.
//
// The result is plain text (to be escaped by the template). When it is longer
// than limit runes, it is cut to at most limit runes, at the last space if
// that space lies past 80 % of limit (so a long word at the end does not make
// the text much shorter), trailing spaces and punctuation are dropped and "…"
// is appended: the result is at most limit+1 runes, the limit counting the
// text and the ellipsis coming on top. A limit <= 0 means no limit.
func CleanDescription(s string, limit int) string {
	text := collapse(htmlText(s))
	if limit <= 0 {
		return text
	}
	return truncate(text, limit)
}

// collapse trims a text and joins its words with one space, as a browser
// shows them, except where French typography puts a no-break space (before
// : ; ? ! and » and after «): a run of white space made only of no-break
// spaces stays one there, narrow if the run held a narrow one. Elsewhere a
// no-break space folds like any other: editors strew &nbsp; between words,
// and a line of them could not wrap on a phone.
func collapse(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	var gap rune // the white space since the last word: 0 none, ' ' breaking, else the no-break one
	last := rune(0)
	for _, r := range s {
		if unicode.IsSpace(r) {
			switch {
			case r == narrowNoBreakSpace && gap != ' ':
				gap = r
			case r == noBreakSpace && (gap == 0 || gap == noBreakSpace):
				gap = r
			case r != noBreakSpace && r != narrowNoBreakSpace:
				gap = ' '
			}
			continue
		}
		if gap != 0 && b.Len() > 0 {
			if gap != ' ' && !strings.ContainsRune(":;?!»", r) && last != '«' {
				gap = ' '
			}
			b.WriteRune(gap)
		}
		gap, last = 0, r
		b.WriteRune(r)
	}
	return b.String()
}

const (
	noBreakSpace       = '\u00a0'
	narrowNoBreakSpace = '\u202f'
)

// htmlText returns the text content of an HTML fragment with entities
// decoded (once, by the tokenizer). Block elements become spaces so that
// "<p>one</p><p>two</p>" does not read "onetwo"; inline elements do not, so
// "<b>Mai</b>son" stays one word. Content of elements that browsers do not
// show as text (scripts, styles) is dropped.
func htmlText(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return s
	}
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	hidden := 0 // depth inside elements whose content is not text
	for {
		switch z.Next() {
		case html.ErrorToken:
			// io.EOF at the end of the string; on any other error the
			// text read so far is still the best answer.
			return b.String()
		case html.TextToken:
			if hidden == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if hiddenElements[a] {
				hidden++
			}
			if blockElements[a] {
				b.WriteByte(' ')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if hiddenElements[a] && hidden > 0 {
				hidden--
			}
			if blockElements[a] {
				b.WriteByte(' ')
			}
		case html.SelfClosingTagToken:
			name, _ := z.TagName()
			if blockElements[atom.Lookup(name)] {
				b.WriteByte(' ')
			}
		}
	}
}

// hiddenElements hold content that is code or markup, not text for a visitor.
var hiddenElements = map[atom.Atom]bool{
	atom.Script:   true,
	atom.Style:    true,
	atom.Template: true,
	atom.Noscript: true,
	atom.Iframe:   true,
	atom.Svg:      true,
	atom.Title:    true,
}

// blockElements separate words when a browser renders them.
var blockElements = map[atom.Atom]bool{
	atom.Br: true, atom.Hr: true, atom.P: true, atom.Div: true,
	atom.Li: true, atom.Ul: true, atom.Ol: true, atom.Dl: true, atom.Dt: true, atom.Dd: true,
	atom.Table: true, atom.Tr: true, atom.Td: true, atom.Th: true,
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true,
	atom.Blockquote: true, atom.Pre: true, atom.Section: true, atom.Article: true,
	atom.Header: true, atom.Footer: true, atom.Aside: true, atom.Nav: true,
	atom.Figure: true, atom.Figcaption: true, atom.Address: true, atom.Img: true,
	atom.Body: true, atom.Main: true,
}

// truncate cuts a whitespace-collapsed text to at most limit runes plus the
// ellipsis; see CleanDescription.
func truncate(text string, limit int) string {
	cut, _ := CutAtWord(text, limit)
	return cut
}

// CutAtWord bounds a text to limit runes plus an ellipsis and reports
// whether it cut. It cuts where CleanDescription does — at the last
// whitespace when that lies past 80 % of limit, else inside the word — drops
// the whitespace and punctuation left at the end and appends "…". The text
// keeps its own whitespace and markup, and is never split inside a UTF-8
// sequence. A limit <= 0 means no limit.
func CutAtWord(text string, limit int) (string, bool) {
	if limit <= 0 {
		return text, false
	}
	// Walk only to the limit: the text may be megabytes long.
	runes, end := 0, -1
	space, spaceRune := -1, -1
	for i, r := range text {
		if runes == limit {
			end = i
			break
		}
		if unicode.IsSpace(r) {
			space, spaceRune = i, runes
		}
		runes++
	}
	if end < 0 {
		return text, false
	}
	cut := end
	// A cut that falls right before a space already ends on a whole word.
	if next, _ := utf8.DecodeRuneInString(text[end:]); !unicode.IsSpace(next) && space >= 0 && spaceRune*5 > limit*4 {
		cut = space
	}
	kept := strings.TrimRightFunc(text[:cut], func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsPunct(r)
	})
	return kept + ellipsis, true
}
