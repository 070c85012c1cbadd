package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// misspeltConfig is the shipped config.yaml with server.addr written adr.
func misspeltConfig(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(raw), "\n  addr: ", "\n  adr: ", 1)
	if text == string(raw) {
		t.Fatal("config.yaml has no server.addr")
	}
	file := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestAnUnknownKeyStopsEveryCommand runs each command that reads the
// configuration over a file with a typo: none may start, each names the
// key and the one meant.
func TestAnUnknownKeyStopsEveryCommand(t *testing.T) {
	storage := cliEnv(t, "platform")
	file := misspeltConfig(t)
	for _, args := range [][]string{
		{"serve"},
		{"sync"},
		{"sync", "--full"},
		{"reindex"},
		{"status"},
		{"status", "--json"},
		{"leads", "list"},
		{"testimonials", "list"},
		{"owner", "list"},
		{"alerts", "preview", "--email", "s@example.be"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			// Cancelled: a command that wrongly accepts the file ends at once.
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			code := runContext(ctx, append([]string{"--config", file}, args...), &out, &errOut)
			if code != exitUsage {
				t.Errorf("exit %d, want 2 (stderr %q)", code, errOut.String())
			}
			if want := "server.adr: unknown key, did you mean server.addr?"; !strings.Contains(errOut.String(), want) {
				t.Errorf("stderr %q does not say %q", errOut.String(), want)
			}
		})
	}
	// Nothing was opened: the store is created only once the config is good.
	if _, err := os.Stat(filepath.Join(storage, "estate.db")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("estate.db exists after a refused config (stat: %v)", err)
	}
}

func TestAMisspeltVariableIsAWarning(t *testing.T) {
	cliEnv(t, "platform")
	t.Setenv("ESTATE_SERVER_ADR", ":9090")
	code, _, errOut := estate(t, "status")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "var=ESTATE_SERVER_ADR did_you_mean=ESTATE_SERVER_ADDR") || strings.Count(errOut, "ESTATE_SERVER_ADR ") != 1 {
		t.Errorf("stderr %q does not warn once about ESTATE_SERVER_ADR", errOut)
	}
}
