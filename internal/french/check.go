package french

import (
	"html"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The spaces French typography puts before high punctuation, following the Imprimerie nationale: a narrow no-break
// space (U+202F) before ; ? ! and a no-break space (U+00A0) before :, which Check also accepts narrow. Guillemets
// hold either inside: « texte ».
const (
	NarrowNoBreakSpace = '\u202f'
	NoBreakSpace       = '\u00a0'
)

// Rules a French text can break; Problem.Rule is one of them.
const (
	RuleSpaceBeforeColon   = "no-break space (U+00A0 or U+202F) before :"
	RuleSpaceBeforeHigh    = "narrow no-break space (U+202F) before ; ? !"
	RuleGuillemets         = "no-break space inside « »"
	RuleSpaceBeforePercent = "no-break space (U+202F or U+00A0) between a number and %"
	RuleContraction        = "contraction: du/des/au/aux, not de Le/de Les/à Le/à Les"
	RuleElision            = "elision: d' before a vowel, not de"
	RuleQuarter            = "quarters are T1–T4 in French, not Q1–Q4"
	RuleReference          = "réf., not ref."
	RuleGenderedParenthese = "gender-neutral wording, not (e) or ·e"
	RuleInsertedName       = "a name inserted after de/à goes through the contraction ({{name, de}}, {{contract \"de\" .Name}})"
)

// Problem is one place where a French text breaks a rule.
type Problem struct {
	Rule string
	At   string // the text around the place, with markup and placeholders masked
}

var (
	// What is not prose: placeholders ({{name}}, {name}, i18next's $t(key)), markup, addresses and paths (a
	// query string's ? or a scheme's : are not punctuation).
	placeholders = regexp.MustCompile(`\{\{.*?\}\}|\$t\([^)]*\)|\{[A-Za-z_]+\}`)
	// Block tags end a line; inline ones (<a>, <strong>) stand inside a sentence and leave nothing.
	blockTags = regexp.MustCompile(`(?i)</?(?:br|p|div|li|ul|ol|tr|td|th|table|tbody|thead|h[1-6]|blockquote|html|head|body|title|meta|!doctype)\b[^>]*>`)
	tags      = regexp.MustCompile(`<[^>]*>`)
	addresses = regexp.MustCompile(`(?:https?|mailto|tel):[^\s<>"')\]]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+`)
	paths     = regexp.MustCompile(`(^|[\s("'\[])/[^\s)"'\]]*`)
	tableRule = regexp.MustCompile(`:?-{3,}:?`) // a Markdown table's alignment row: |---|---:|

	contraction = regexp.MustCompile(`(?:^|[^\p{L}])(?:[dD]e|[àÀ]) (?:Le|Les|LE|LES)\s`)
	elision     = regexp.MustCompile(`(?:^|[^\p{L}])[dD]e [aeiouyâàéèêëîïôûAEIOUYÂÀÉÈÊÎÔÛ]`)
	quarter     = regexp.MustCompile(`(?:^|[^\p{L}\p{N}])Q[1-4](?:[^\p{L}\p{N}]|$)`)
	reference   = regexp.MustCompile(`(?:^|[^\p{L}])[Rr]ef\.`)
	gendered    = regexp.MustCompile(`\p{L}(?:\((?:e|es)\)|·e)`)

	// A name of a place or a thing written straight after de or à: {{name}}, {{city}}, {{.Agency.Name}},
	// {{with .Item}}{{.Title}}. People's names do not contract (« à Le Goff »), so .Person and .Friend are left out.
	insertedName = regexp.MustCompile(`(?:^|[^\p{L}'])(?:de|à) (?:\{\{with [^}]*\}\})?\{\{\s*(?:\.[A-Z]\w*\.)?\.?(?:[nN]ame|[tT]itle|[cC]ity|[tT]own|[pP]roject|[aA]gency)\s*\}\}`)
)

// Prose is s with placeholders, markup and addresses masked, entities decoded: the text a reader sees, with X for
// what the code inserts.
func Prose(s string) string {
	s = placeholders.ReplaceAllString(s, "X")
	s = blockTags.ReplaceAllString(s, "\n")
	s = tags.ReplaceAllString(s, "")
	s = html.UnescapeString(s)
	s = addresses.ReplaceAllString(s, "X")
	s = tableRule.ReplaceAllString(s, "---")
	return paths.ReplaceAllString(s, "${1}X")
}

// Check lists where a French text (a UI text, a mail template, a page of content) breaks the rules of French
// typography and grammar this site follows.
func Check(s string) []Problem {
	var out []Problem
	for _, m := range insertedName.FindAllStringIndex(s, -1) {
		out = append(out, Problem{Rule: RuleInsertedName, At: around(s, m[0])})
	}
	p := Prose(s)
	add := func(rule string, at int) {
		out = append(out, Problem{Rule: rule, At: around(p, at)})
	}
	for i, r := range p {
		before, _ := utf8.DecodeLastRuneInString(p[:i])
		after, _ := utf8.DecodeRuneInString(p[i+utf8.RuneLen(r):])
		switch r {
		case ':':
			if i > 0 && before != NoBreakSpace && before != NarrowNoBreakSpace && before != ':' &&
				!(unicode.IsDigit(before) && unicode.IsDigit(after)) {
				add(RuleSpaceBeforeColon, i)
			}
		case ';', '?', '!':
			if i > 0 && before != NarrowNoBreakSpace && !strings.ContainsRune("?!", before) {
				add(RuleSpaceBeforeHigh, i)
			}
		case '%':
			// X is a number the code inserts ({{rate}} %).
			if i > 0 && (before == ' ' || before == 'X' || unicode.IsDigit(before)) {
				add(RuleSpaceBeforePercent, i)
			}
		case '«':
			if after != NoBreakSpace && after != NarrowNoBreakSpace {
				add(RuleGuillemets, i)
			}
		case '»':
			if before != NoBreakSpace && before != NarrowNoBreakSpace {
				add(RuleGuillemets, i)
			}
		}
	}
	for _, rule := range []struct {
		name string
		re   *regexp.Regexp
	}{
		{RuleContraction, contraction},
		{RuleElision, elision},
		{RuleQuarter, quarter},
		{RuleReference, reference},
		{RuleGenderedParenthese, gendered},
	} {
		for _, m := range rule.re.FindAllStringIndex(p, -1) {
			add(rule.name, m[0])
		}
	}
	return out
}

// around is up to 24 bytes either side of i, cut at rune boundaries.
func around(s string, i int) string {
	from, to := max(0, i-24), min(len(s), i+24)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	return strings.TrimSpace(s[from:to])
}
