package config

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/viper"

	"github.com/estate-agency/estate/listing"
)

func TestShippedConfigLoads(t *testing.T) {
	cfg, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Server.Addr != ":8080" || cfg.Source.Kind != "dir" || !cfg.Demo {
		t.Errorf("unexpected shipped config: %+v", cfg)
	}
	if cfg.Sync.Timezone.String() != "Europe/Brussels" || cfg.Sync.Schedule != "*/15 * * * *" {
		t.Errorf("sync = %+v", cfg.Sync)
	}
	if len(cfg.Languages.Enabled) != 2 || cfg.Languages.Default != listing.NL {
		t.Errorf("languages = %+v", cfg.Languages)
	}
}

func TestBadValuesNameTheKey(t *testing.T) {
	tests := []struct {
		env map[string]string
		key string
	}{
		{map[string]string{"ESTATE_SERVER_ADDR": "8080"}, "server.addr"},
		{map[string]string{"ESTATE_SYNC_SCHEDULE": "every minute"}, "sync.schedule"},
		{map[string]string{"ESTATE_SYNC_TIMEZONE": "Mars/Olympus"}, "sync.timezone"},
		{map[string]string{"ESTATE_SOURCE_KIND": "ftp"}, "source.kind"},
		{map[string]string{"ESTATE_SOURCE_KIND": "platform", "ESTATE_SOURCE_URL": "platform.example"}, "source.url"},
		{map[string]string{"ESTATE_SOURCE_KIND": "platform", "ESTATE_SOURCE_URL": "https://p.example", "ESTATE_SOURCE_CUSTOMER": "x"}, "source.password"},
		{map[string]string{"ESTATE_LANGUAGES_ENABLED": "nl,xx"}, "languages.enabled"},
		{map[string]string{"ESTATE_LANGUAGES_DEFAULT": "de"}, "languages.default"},
		{map[string]string{"ESTATE_SOURCE_TIMEOUT": "soon"}, "source.timeout"},
		{map[string]string{"ESTATE_SYNC_MIN_KEEP_RATIO": "2"}, "sync.min_keep_ratio"},
		{map[string]string{"ESTATE_DEMO": "maybe"}, "demo"},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			_, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Key != tt.key {
				t.Fatalf("err = %v, want a KeyError for %s", err, tt.key)
			}
			if !strings.Contains(err.Error(), tt.key) {
				t.Errorf("message %q does not name %s", err, tt.key)
			}
		})
	}
}

func TestEnvOverridesFile(t *testing.T) {
	t.Setenv("ESTATE_SERVER_ADDR", "127.0.0.1:9999")
	t.Setenv("ESTATE_LANGUAGES_ENABLED", "fr nl de")
	t.Setenv("ESTATE_LANGUAGES_DEFAULT", "fr")
	cfg, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Server.Addr != "127.0.0.1:9999" || cfg.Languages.Default != listing.FR || len(cfg.Languages.Enabled) != 3 {
		t.Errorf("cfg = %+v %+v", cfg.Server, cfg.Languages)
	}
}

func TestMissingFileNamedExplicitlyFails(t *testing.T) {
	_, err := Load(viper.New(), filepath.Join(t.TempDir(), "nope.yaml"))
	if !IsKeyError(err) {
		t.Fatalf("err = %v", err)
	}
}

func TestNoFileUsesDefaults(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg, err := Load(viper.New(), "")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.File != "" || cfg.Storage.Dir != "data" || cfg.Demo {
		t.Errorf("defaults = %+v", cfg)
	}
}
