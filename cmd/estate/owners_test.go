package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
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
