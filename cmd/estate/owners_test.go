package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// estateIn runs the CLI with stdin.
func estateIn(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := newRoot(&out, &errOut)
	root.SetIn(strings.NewReader(stdin))
	root.SetArgs(append([]string{"--config", filepath.Join("..", "..", "config.yaml")}, args...))
	if err := root.ExecuteContext(context.Background()); err != nil {
		return 1, out.String(), err.Error()
	}
	return 0, out.String(), errOut.String()
}

func TestOwnerCommands(t *testing.T) {
	cliEnv(t, "platform")
	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatalf("sync: %s", errOut)
	}
	code, out, errOut := estateIn(t, "geheim-wachtwoord\n", "owner", "add", "--email", "Eigenaar@Example.be", "--property", "4030", "--property", "4010")
	if code != 0 || !strings.Contains(out, "eigenaar@example.be, properties [4030 4010]") {
		t.Fatalf("add: %d %q %q", code, out, errOut)
	}
	for _, tt := range []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"taken email", "geheim-wachtwoord\n", []string{"--email", "eigenaar@example.be", "--property", "4030"}, "already exists"},
		{"unknown property", "geheim-wachtwoord\n", []string{"--email", "b@example.be", "--property", "999999"}, "property 999999"},
		{"no property", "geheim-wachtwoord\n", []string{"--email", "c@example.be"}, "--property"},
		{"short password", "kort\n", []string{"--email", "d@example.be", "--property", "4030"}, "8 characters"},
		{"no password", "", []string{"--email", "e@example.be", "--property", "4030"}, "no password"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if code, _, errOut := estateIn(t, tt.stdin, append([]string{"owner", "add"}, tt.args...)...); code == 0 || !strings.Contains(errOut, tt.want) {
				t.Fatalf("%d %q, want an error naming %q", code, errOut, tt.want)
			}
		})
	}
	code, out, _ = estate(t, "owner", "list")
	if code != 0 || !strings.Contains(out, "eigenaar@example.be") || !strings.Contains(out, "4030,4010") || strings.Contains(out, "argon2") {
		t.Fatalf("list: %d %q", code, out)
	}
}

// An owner's password is reset from stdin (sessions end) or by a mailed
// link; leads erase takes a searcher's alert account along.
func TestOwnerResetAndErase(t *testing.T) {
	storage := cliEnv(t, "platform")
	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatalf("sync: %s", errOut)
	}
	if code, _, errOut := estateIn(t, "eerste-wachtwoord\n", "owner", "add", "--email", "o@example.be", "--property", "4030"); code != 0 {
		t.Fatalf("add: %s", errOut)
	}
	if code, out, errOut := estateIn(t, "tweede-wachtwoord\n", "owner", "reset", "--email", "o@example.be"); code != 0 || !strings.Contains(out, "password changed") {
		t.Fatalf("reset: %d %q %q", code, out, errOut)
	}
	if code, out, errOut := estateIn(t, "", "owner", "reset", "--email", "o@example.be", "--mail-link"); code != 0 || !strings.Contains(out, "link") {
		t.Fatalf("reset by link: %d %q %q", code, out, errOut)
	}
	if code, _, errOut := estateIn(t, "x-wachtwoord\n", "owner", "reset", "--email", "nobody@example.be"); code == 0 || !strings.Contains(errOut, "not found") {
		t.Fatalf("unknown owner: %d %q", code, errOut)
	}
	if code, out, errOut := estateIn(t, "", "owner", "add", "--email", "new@example.be", "--property", "4030", "--mail-link"); code != 0 || !strings.Contains(out, "new@example.be") {
		t.Fatalf("add by link: %d %q %q", code, out, errOut)
	}

	st := storetest.OpenIn(t, storage, listing.NL, listing.FR)
	a, err := st.AccountByEmail("o@example.be")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := argon2id.ComparePasswordAndHash("tweede-wachtwoord", a.PasswordHash); !ok {
		t.Error("the new password does not open the account")
	}
	due, err := st.DueOutbox(time.Now().Add(time.Hour), 100)
	if err != nil {
		t.Fatal(err)
	}
	links := 0
	for _, e := range due {
		var m mail.Message
		if json.Unmarshal(e.Message, &m) == nil && strings.Contains(m.Text, "#token=") {
			links++
		}
	}
	if links != 2 {
		t.Errorf("%d mails with a link, want 2 (reset and new owner)", links)
	}
	s := store.Account{Kind: "searcher", Email: "s@example.be", PasswordHash: "x", Lang: "nl"}
	if err := st.AddAccount(&s); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if code, _, errOut := estate(t, "leads", "erase", "--email", "s@example.be"); code != 0 {
		t.Fatalf("erase: %s", errOut)
	}
	st = storetest.OpenIn(t, storage, listing.NL, listing.FR)
	if _, err := st.AccountByEmail("s@example.be"); err == nil {
		t.Error("the searcher's account survived erase")
	}
	if _, err := st.AccountByEmail("o@example.be"); err != nil {
		t.Error("erase of another address took an owner")
	}
}
