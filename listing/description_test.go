package listing

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanDescription(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		limit int
		want  string
	}{
		{"empty", "", 10, ""},
		{"plain text untouched", "Belle maison", 0, "Belle maison"},
		{"paragraphs keep words apart", "<p>Belle maison</p><p>à rénover</p>", 0, "Belle maison à rénover"},
		{"br keeps words apart", "line<br>break<br/>again", 0, "line break again"},
		{"list items keep words apart", "<ul><li>one</li><li>two</li></ul>", 0, "one two"},
		{"divs keep words apart", "<div>a</div><div>b</div>", 0, "a b"},
		{"inline tags do not split words", "<b>Mai</b>son <em>ancienne</em>", 0, "Maison ancienne"},
		{"attributes dropped", `<a href="https://x.be" title="y">lien</a>`, 0, "lien"},
		{"named entities decoded", "Tom &amp; Jerry, &eacute;t&eacute;", 0, "Tom & Jerry, été"},
		{"numeric entities decoded", "caf&#233; &#x20AC;", 0, "café €"},
		{"entities decoded only once", "&amp;lt;b&amp;gt;", 0, "&lt;b&gt;"},
		{"escaped tag becomes text", "&lt;b&gt;bold&lt;/b&gt;", 0, "<b>bold</b>"},
		{"bare ampersand kept", "Tom & Jerry", 0, "Tom & Jerry"},
		{"bare less-than kept", "5 < 6", 0, "5 < 6"},
		{"script content dropped", "<script>alert('x')</script>Hello", 0, "Hello"},
		{"style content dropped", "<style>p{color:red}</style>Hello <b>world</b>", 0, "Hello world"},
		{"unclosed script drops the rest", "Hello<script>alert(1)", 0, "Hello"},
		{"comments dropped", "a<!-- secret -->b", 0, "ab"},
		{"whitespace collapsed", "  a \n\t b\r\n  c  ", 0, "a b c"},
		{"nbsp entity collapsed", "a&nbsp;&nbsp;b", 0, "a b"},
		{"nbsp character collapsed", "a\u00a0\u00a0b", 0, "a b"},
		{"narrow nbsp collapsed", "250\u202f000", 0, "250 000"},
		{"no-break spaces of French punctuation kept", "Attention\u00a0: une cave\u202f; un grenier\u202f? Oui\u202f!", 0, "Attention\u00a0: une cave\u202f; un grenier\u202f? Oui\u202f!"},
		{"nbsp entity before a colon kept", "<p>Prix&nbsp;: sur demande</p>", 0, "Prix\u00a0: sur demande"},
		{"guillemets keep theirs", "«\u00a0Deux dossiers\u202f»", 0, "«\u00a0Deux dossiers\u202f»"},
		{"a breaking space in the run breaks", "Prix \u00a0: x", 0, "Prix : x"},
		{"only tags", "<p><br></p>", 10, ""},

		{"shorter than limit", "Belle maison", 20, "Belle maison"},
		{"exactly the limit", "Belle maison", 12, "Belle maison"},
		{"negative limit means none", "Belle maison", -1, "Belle maison"},
		{"cut before a space keeps the whole word", "Une belle villa avec jardin", 20, "Une belle villa avec…"},
		{"word boundary past 80 percent", "Une belle villa avec jardin", 18, "Une belle villa…"},
		{"last space before 80 percent cuts the word", "Une belle propriété exceptionnelle", 30, "Une belle propriété exceptionn…"},
		{"space exactly at 80 percent is not past it", "abcdefgh ijklmn", 10, "abcdefgh i…"},
		{"space just past 80 percent", "abcdefghi jklmn", 10, "abcdefghi…"},
		{"no space at all", "abcdefghijklmn", 10, "abcdefghij…"},
		{"trailing comma dropped", "Superbe villa, jardin", 14, "Superbe villa…"},
		{"trailing period and space dropped", "Superbe villa. Jardin sud", 15, "Superbe villa…"},
		{"accents cut by rune", "ééééééééééé", 10, "éééééééééé…"},
		{"emoji cut by rune", "Vue 🌊🌊🌊🌊🌊🌊", 6, "Vue 🌊🌊…"},
		{"tags stripped before counting", "<p><b>Une</b> belle villa avec jardin</p>", 20, "Une belle villa avec…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CleanDescription(tt.in, tt.limit); got != tt.want {
				t.Errorf("CleanDescription(%q, %d) = %q, want %q", tt.in, tt.limit, got, tt.want)
			}
		})
	}
}

func TestCleanDescriptionLength(t *testing.T) {
	long := strings.Repeat("Très belle maison de caractère à rénover, 🌳 jardin. ", 20)
	for _, limit := range []int{1, 2, 5, 10, 79, 80, 81, QuickSearchDescriptionLimit, CardDescriptionLimit} {
		t.Run(fmt.Sprintf("limit %d", limit), func(t *testing.T) {
			got := CleanDescription(long, limit)
			if !utf8.ValidString(got) {
				t.Fatalf("invalid UTF-8: %q", got)
			}
			if n := utf8.RuneCountInString(got); n > limit+1 {
				t.Errorf("%d runes, want at most %d: %q", n, limit+1, got)
			}
			if !strings.HasSuffix(got, "…") {
				t.Errorf("cut text %q has no ellipsis", got)
			}
		})
	}
}

func TestCutAtWord(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		limit int
		want  string
		cut   bool
	}{
		{"empty", "", 10, "", false},
		{"no limit", "Belle maison", 0, "Belle maison", false},
		{"shorter than the limit", "Belle maison", 20, "Belle maison", false},
		{"exactly the limit", "Belle maison", 12, "Belle maison", false},
		{"limit counts runes, not bytes", "ééééé", 5, "ééééé", false},
		{"cut before a space keeps the whole word", "Une belle villa avec jardin", 20, "Une belle villa avec…", true},
		{"word boundary past 80 percent", "Une belle villa avec jardin", 18, "Une belle villa…", true},
		{"last space before 80 percent cuts the word", "Une belle propriété exceptionnelle", 30, "Une belle propriété exceptionn…", true},
		{"no space at all", "abcdefghijklmn", 10, "abcdefghij…", true},
		{"line breaks and markup are kept", "<p>Belle villa</p>\n<p>avec un grand jardin</p>", 30, "<p>Belle villa</p>\n<p>avec un…", true},
		{"a newline is a word boundary", "Superbe villa\nJardin sud", 15, "Superbe villa…", true},
		{"a tab is a word boundary", "Superbe villa\tJardin sud", 15, "Superbe villa…", true},
		{"trailing punctuation dropped", "Superbe villa, jardin", 14, "Superbe villa…", true},
		{"accents are never split", "ééééééééééé", 10, "éééééééééé…", true},
		{"emoji are never split", "Vue 🌊🌊🌊🌊🌊🌊", 6, "Vue 🌊🌊…", true},
		{"Dutch word boundary", "Ruime woning met tuin en garage", 26, "Ruime woning met tuin en…", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, cut := CutAtWord(tt.in, tt.limit)
			if got != tt.want || cut != tt.cut {
				t.Errorf("CutAtWord(%q, %d) = %q, %v; want %q, %v", tt.in, tt.limit, got, cut, tt.want, tt.cut)
			}
		})
	}
}

func TestCutAtWordBoundsAHugeText(t *testing.T) {
	huge := strings.Repeat("Très belle maison 🌳 à rénover. ", 400_000) // ~12 MB
	got, cut := CutAtWord(huge, 20_000)
	if !cut || !utf8.ValidString(got) {
		t.Fatalf("cut %v, valid UTF-8 %v", cut, utf8.ValidString(got))
	}
	if n := utf8.RuneCountInString(got); n > 20_001 || n < 16_000 {
		t.Errorf("%d runes, want between 16,000 and 20,001", n)
	}
	if !strings.HasPrefix(huge, strings.TrimSuffix(got, "…")) {
		t.Error("the cut text is not a prefix of the original")
	}
}
