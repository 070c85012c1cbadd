package listing

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// formatCases is testdata/format/cases.json: the texts the Go formatters and
// their UI twins (ui/src/lib/format) must both write, so a price or a date the
// server formatted reads like one the page formats, and a page rendered on
// the server hydrates in any browser. ui/src/lib/format/cases.test.ts reads it too.
type formatCases struct {
	Euro []struct {
		Amount caseNumber `json:"amount"`
		Lang   Lang       `json:"lang"`
		Want   string     `json:"want"`
	} `json:"euro"`
	Date []struct {
		Input string `json:"input"`
		Want  string `json:"want"`
	} `json:"date"`
}

// caseNumber is a JSON number, or one JSON cannot hold spelled as a string
// ("NaN", "Infinity", "-Infinity"), as JavaScript's Number() reads them.
type caseNumber float64

func (n *caseNumber) UnmarshalJSON(b []byte) error {
	var f float64
	if err := json.Unmarshal(b, &f); err == nil {
		*n = caseNumber(f)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	switch s {
	case "NaN":
		*n = caseNumber(math.NaN())
	case "Infinity":
		*n = caseNumber(math.Inf(1))
	case "-Infinity":
		*n = caseNumber(math.Inf(-1))
	default:
		return fmt.Errorf("not a number: %q", s)
	}
	return nil
}

func loadFormatCases(t *testing.T) formatCases {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "format", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c formatCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Euro) == 0 || len(c.Date) == 0 {
		t.Fatal("cases.json has no euro or no date cases")
	}
	return c
}

func TestFormatEuroSharedCases(t *testing.T) {
	for _, c := range loadFormatCases(t).Euro {
		amount := float64(c.Amount)
		t.Run(fmt.Sprintf("%v %s", amount, c.Lang), func(t *testing.T) {
			if got := FormatEuro(amount, c.Lang); got != c.Want {
				t.Errorf("FormatEuro(%v, %q) = %q, want %q", amount, c.Lang, got, c.Want)
			}
		})
	}
}

// The UI reads a date, or a date-time with its offset, as the API writes it;
// here it becomes the time.Time FormatDate is given, in that offset.
func TestFormatDateSharedCases(t *testing.T) {
	for _, c := range loadFormatCases(t).Date {
		t.Run(c.Input, func(t *testing.T) {
			var when time.Time
			var err error
			switch {
			case c.Input == "":
			case len(c.Input) == len(time.DateOnly):
				when, err = time.Parse(time.DateOnly, c.Input)
			default:
				when, err = time.Parse(time.RFC3339, c.Input)
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := FormatDate(when); got != c.Want {
				t.Errorf("FormatDate(%s) = %q, want %q", c.Input, got, c.Want)
			}
		})
	}
}
