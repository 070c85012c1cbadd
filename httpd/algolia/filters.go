package algolia

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/estate-agency/estate/index"
)

// Bounds of a filter expression, so that a hostile one costs little and
// cannot grow the stack: Algolia's own expressions are short and flat.
const (
	MaxFilterBytes = 4096
	MaxFilterDepth = 32
)

// tagsAttr is Algolia's tag attribute. Our records carry no tags, so a tag
// filter is kept as a Term that matches nothing, as it would in Algolia on
// records without _tags (the tagFilters parameter itself is ignored).
const tagsAttr = "_tags"

// ParseFilters parses Algolia's filters grammar into a filter tree:
//
//	price < 10 AND (type:Villa OR type:"Maison de maître") AND NOT goal:rent
//
// Facet filters attr:value (value quoted when it holds spaces or keywords),
// numeric comparisons attr <op> n with <, <=, =, !=, >=, >, ranges
// attr:lo TO hi (inclusive), booleans attr:true, tags _tags:x or a bare x;
// AND, OR and NOT (upper case, as Algolia) and parentheses. AND binds tighter
// than OR. Algolia refuses some combinations (ANDs inside ORs, NOT before a
// group); we accept the general grammar, a superset. "" is no filter.
func ParseFilters(s string) (index.Filter, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	if len(s) > MaxFilterBytes {
		return nil, badRequest("filters: too long (%d bytes, at most %d)", len(s), MaxFilterBytes)
	}
	toks, err := lex("filters", s)
	if err != nil {
		return nil, err
	}
	p := &filterParser{param: "filters", toks: toks}
	f, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, p.unexpected(t, "AND, OR or end of filter")
	}
	return f, nil
}

// ParseFacetFilters turns facetFilters groups (an AND of OR groups, see
// value.filterGroups) into a filter. Each filter is "attr:value"; a value
// starting with "-" is negated ("city:-Bouillon" is NOT city:Bouillon), and
// "\-" escapes a value that really starts with "-". The attribute ends at the
// first colon: facet values may hold colons, attribute names do not.
func ParseFacetFilters(groups [][]string) (index.Filter, error) {
	return parseGroups(groups, parseFacetFilter)
}

// ParseNumericFilters turns numericFilters groups into a filter. Each filter
// is "attr <op> n" or "attr:lo TO hi".
func ParseNumericFilters(groups [][]string) (index.Filter, error) {
	return parseGroups(groups, parseNumericFilter)
}

// CombineFilters is the AND of the non-nil filters: nil when none, the filter
// itself when one.
func CombineFilters(filters ...index.Filter) index.Filter {
	var and index.And
	for _, f := range filters {
		if f != nil {
			and = append(and, f)
		}
	}
	return simplifyAnd(and)
}

func parseGroups(groups [][]string, parse func(string) (index.Filter, error)) (index.Filter, error) {
	var and index.And
	for _, group := range groups {
		var or index.Or
		for _, s := range group {
			f, err := parse(s)
			if err != nil {
				return nil, err
			}
			or = append(or, f)
		}
		if len(or) > 0 {
			and = append(and, simplifyOr(or))
		}
	}
	return simplifyAnd(and), nil
}

func parseFacetFilter(s string) (index.Filter, error) {
	if len(s) > MaxFilterBytes {
		return nil, badRequest("facetFilters: filter too long (%d bytes, at most %d)", len(s), MaxFilterBytes)
	}
	attr, val, ok := strings.Cut(s, ":")
	attr = strings.TrimSpace(attr)
	if !ok || attr == "" {
		return nil, badRequest("facetFilters: %q is not attribute:value", clip(s))
	}
	switch {
	case strings.HasPrefix(val, "-"):
		return index.Not{F: index.Term{Attr: attr, Value: val[1:]}}, nil
	case strings.HasPrefix(val, `\-`):
		return index.Term{Attr: attr, Value: val[1:]}, nil
	}
	return index.Term{Attr: attr, Value: val}, nil
}

func parseNumericFilter(s string) (index.Filter, error) {
	if len(s) > MaxFilterBytes {
		return nil, badRequest("numericFilters: filter too long (%d bytes, at most %d)", len(s), MaxFilterBytes)
	}
	toks, err := lex("numericFilters", s)
	if err != nil {
		return nil, err
	}
	p := &filterParser{param: "numericFilters", toks: toks}
	attr := p.next()
	if attr.kind != tWord && attr.kind != tString {
		return nil, p.unexpected(attr, "attribute")
	}
	var f index.Filter
	switch t := p.next(); {
	case t.kind == tOp:
		f, err = p.comparison(attr.text, t)
	case t.kind == tColon:
		lo := p.next()
		if f, err = p.rangeFrom(attr.text, lo); err == nil && f == nil {
			err = p.unexpected(p.peek(), "TO")
		}
	default:
		err = p.unexpected(t, "operator or ':'")
	}
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, p.unexpected(t, "end of filter")
	}
	return f, nil
}

type tokenKind int

const (
	tEOF tokenKind = iota
	tWord
	tString // quoted
	tLParen
	tRParen
	tColon
	tOp
)

type token struct {
	kind tokenKind
	text string
	col  int // 1-based, in characters
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of filter"
	case tWord, tString:
		return "string(" + clip(t.text) + ")"
	}
	return "'" + t.text + "'"
}

// isWordRune reports whether r may appear in an unquoted word. "!" may, so
// that a value like "Yes!" needs no quotes; "!=" is split off by the lexer.
func isWordRune(r rune) bool {
	return !unicode.IsSpace(r) && !strings.ContainsRune(`():"'<>=`, r)
}

func lex(param, s string) ([]token, error) {
	var toks []token
	col := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		col++
		start := col
		switch {
		case unicode.IsSpace(r):
			i += size
		case r == '(' || r == ')' || r == ':':
			kind := map[rune]tokenKind{'(': tLParen, ')': tRParen, ':': tColon}[r]
			toks = append(toks, token{kind: kind, text: string(r), col: start})
			i += size
		case r == '<' || r == '>' || r == '=' || (r == '!' && strings.HasPrefix(s[i:], "!=")):
			op := string(r)
			if r != '=' && strings.HasPrefix(s[i+1:], "=") {
				op += "="
				col++
			}
			toks = append(toks, token{kind: tOp, text: op, col: start})
			i += len(op)
		case r == '"' || r == '\'':
			var b strings.Builder
			j := i + size
			closed := false
			for j < len(s) {
				c, n := utf8.DecodeRuneInString(s[j:])
				j += n
				col++
				if c == '\\' && j < len(s) {
					_, n = utf8.DecodeRuneInString(s[j:])
					j += n
					col++
				} else if c == r {
					closed = true
					break
				}
				// The bytes, not the rune: invalid UTF-8 stays as it came,
				// as it does in unquoted words.
				b.WriteString(s[j-n : j])
			}
			if !closed {
				return nil, badRequest("%s: Unterminated string starting at col %d", param, start)
			}
			toks = append(toks, token{kind: tString, text: b.String(), col: start})
			i = j
		default:
			j := i
			for j < len(s) {
				c, n := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(c) || (c == '!' && strings.HasPrefix(s[j:], "!=")) {
					break
				}
				if j > i {
					col++
				}
				j += n
			}
			toks = append(toks, token{kind: tWord, text: s[i:j], col: start})
			i = j
		}
	}
	return append(toks, token{kind: tEOF, col: col + 1}), nil
}

type filterParser struct {
	param string
	toks  []token
	pos   int
	depth int
}

func (p *filterParser) peek() token { return p.toks[p.pos] }

func (p *filterParser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

func (p *filterParser) isKeyword(t token, kw string) bool {
	return t.kind == tWord && t.text == kw
}

func (p *filterParser) unexpected(t token, expected string) *Error {
	return badRequest("%s: Unexpected token %s expected %s at col %d", p.param, t, expected, t.col)
}

func (p *filterParser) enter(t token) error {
	p.depth++
	if p.depth > MaxFilterDepth {
		return badRequest("%s: too deeply nested (more than %d levels) at col %d", p.param, MaxFilterDepth, t.col)
	}
	return nil
}

func (p *filterParser) or() (index.Filter, error) {
	first, err := p.and()
	if err != nil {
		return nil, err
	}
	or := index.Or{first}
	for p.isKeyword(p.peek(), "OR") {
		p.next()
		f, err := p.and()
		if err != nil {
			return nil, err
		}
		or = append(or, f)
	}
	return simplifyOr(or), nil
}

func (p *filterParser) and() (index.Filter, error) {
	first, err := p.unary()
	if err != nil {
		return nil, err
	}
	and := index.And{first}
	for p.isKeyword(p.peek(), "AND") {
		p.next()
		f, err := p.unary()
		if err != nil {
			return nil, err
		}
		and = append(and, f)
	}
	return simplifyAnd(and), nil
}

func (p *filterParser) unary() (index.Filter, error) {
	t := p.peek()
	switch {
	case p.isKeyword(t, "NOT"):
		p.next()
		if err := p.enter(t); err != nil {
			return nil, err
		}
		f, err := p.unary()
		p.depth--
		if err != nil {
			return nil, err
		}
		return index.Not{F: f}, nil
	case t.kind == tLParen:
		p.next()
		if err := p.enter(t); err != nil {
			return nil, err
		}
		f, err := p.or()
		p.depth--
		if err != nil {
			return nil, err
		}
		if c := p.next(); c.kind != tRParen {
			return nil, p.unexpected(c, "')'")
		}
		return f, nil
	}
	return p.filter()
}

func (p *filterParser) filter() (index.Filter, error) {
	attr := p.next()
	if attr.kind != tString && (attr.kind != tWord || isReserved(attr.text)) {
		return nil, p.unexpected(attr, "filter")
	}
	switch t := p.peek(); t.kind {
	case tColon:
		p.next()
		v := p.next()
		if v.kind != tWord && v.kind != tString {
			return nil, p.unexpected(v, "value")
		}
		f, err := p.rangeFrom(attr.text, v)
		if err != nil || f != nil {
			return f, err
		}
		return index.Term{Attr: attr.text, Value: v.text}, nil
	case tOp:
		p.next()
		return p.comparison(attr.text, t)
	}
	// A lone quoted "attr:value" is a facet filter, as Algolia's own
	// examples write ("county:Maricopa" OR "county:Pima"); anything else
	// alone is a tag.
	if attr.kind == tString {
		if a, v, ok := strings.Cut(attr.text, ":"); ok && a != "" {
			return index.Term{Attr: a, Value: v}, nil
		}
	}
	return index.Term{Attr: tagsAttr, Value: attr.text}, nil
}

func isReserved(word string) bool {
	return word == "AND" || word == "OR" || word == "NOT" || word == "TO"
}

// rangeFrom reads "lo TO hi" after "attr:" when the next token is TO; it
// returns nil, nil when it is not a range.
func (p *filterParser) rangeFrom(attr string, lo token) (index.Filter, error) {
	if !p.isKeyword(p.peek(), "TO") {
		return nil, nil
	}
	p.next()
	from, ok := parseNumber(lo.text)
	if !ok || lo.kind != tWord {
		return nil, p.unexpected(lo, "number")
	}
	hi := p.next()
	to, ok := parseNumber(hi.text)
	if !ok || hi.kind != tWord {
		return nil, p.unexpected(hi, "number")
	}
	return index.NumRange{Attr: attr, Min: from, Max: to, MinIncl: true, MaxIncl: true}, nil
}

func (p *filterParser) comparison(attr string, op token) (index.Filter, error) {
	t := p.next()
	n, ok := parseNumber(t.text)
	if !ok || t.kind != tWord {
		return nil, p.unexpected(t, "number")
	}
	inf := math.Inf(1)
	switch op.text {
	case "<":
		return index.NumRange{Attr: attr, Min: -inf, Max: n}, nil
	case "<=":
		return index.NumRange{Attr: attr, Min: -inf, Max: n, MaxIncl: true}, nil
	case ">":
		return index.NumRange{Attr: attr, Min: n, Max: inf}, nil
	case ">=":
		return index.NumRange{Attr: attr, Min: n, Max: inf, MinIncl: true}, nil
	case "=":
		return index.NumRange{Attr: attr, Min: n, Max: n, MinIncl: true, MaxIncl: true}, nil
	case "!=":
		return index.Not{F: index.NumRange{Attr: attr, Min: n, Max: n, MinIncl: true, MaxIncl: true}}, nil
	}
	return nil, p.unexpected(op, "operator")
}

// parseNumber accepts decimal numbers as Algolia writes them: an optional
// sign, digits and a decimal point. strconv.ParseFloat alone would also take
// "Inf", "NaN", hex floats and exponents.
func parseNumber(s string) (float64, bool) {
	digits, dot := 0, false
	for i, c := range s {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		case (c == '-' || c == '+') && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

func simplifyAnd(and index.And) index.Filter {
	var flat index.And
	for _, f := range and {
		if inner, ok := f.(index.And); ok {
			flat = append(flat, inner...)
		} else {
			flat = append(flat, f)
		}
	}
	switch len(flat) {
	case 0:
		return nil
	case 1:
		return flat[0]
	}
	return flat
}

func simplifyOr(or index.Or) index.Filter {
	var flat index.Or
	for _, f := range or {
		if inner, ok := f.(index.Or); ok {
			flat = append(flat, inner...)
		} else {
			flat = append(flat, f)
		}
	}
	if len(flat) == 1 {
		return flat[0]
	}
	return flat
}

// FilterString renders a filter tree in the filters grammar; tests and logs
// read it more easily than the tree.
func FilterString(f index.Filter) string {
	switch f := f.(type) {
	case nil:
		return ""
	case index.And:
		return joinFilters(f, " AND ")
	case index.Or:
		return joinFilters(f, " OR ")
	case index.Not:
		switch f.F.(type) {
		case index.And, index.Or:
			return "NOT (" + FilterString(f.F) + ")"
		}
		return "NOT " + FilterString(f.F)
	case index.Term:
		return quoteIfNeeded(f.Attr) + ":" + quoteIfNeeded(f.Value)
	case index.NumRange:
		return numRangeString(f)
	}
	return fmt.Sprintf("%#v", f)
}

func joinFilters[F index.Filter](fs []F, sep string) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = FilterString(f)
		switch any(f).(type) {
		case index.And, index.Or:
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return strings.Join(parts, sep)
}

func numRangeString(r index.NumRange) string {
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	a := quoteIfNeeded(r.Attr)
	switch {
	case r.MinIncl && r.MaxIncl && r.Min == r.Max:
		return a + " = " + num(r.Min)
	case r.MinIncl && r.MaxIncl:
		return a + ":" + num(r.Min) + " TO " + num(r.Max)
	case math.IsInf(r.Min, -1) && r.MaxIncl:
		return a + " <= " + num(r.Max)
	case math.IsInf(r.Min, -1):
		return a + " < " + num(r.Max)
	case math.IsInf(r.Max, 1) && r.MinIncl:
		return a + " >= " + num(r.Min)
	case math.IsInf(r.Max, 1):
		return a + " > " + num(r.Min)
	}
	return fmt.Sprintf("%s in %v", a, r)
}

// quoteIfNeeded quotes a name or value the way the lexer reads quotes back:
// only \ and " are escaped.
func quoteIfNeeded(s string) string {
	if s != "" && !isReserved(s) && strings.IndexFunc(s, func(r rune) bool { return !isWordRune(r) || r == '!' }) < 0 {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
