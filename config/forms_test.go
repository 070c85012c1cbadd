package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/viper"
)

func TestFormsAndMailKeys(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		captcha string
		badKey  string
	}{
		{"shipped: proof of work", nil, "altcha", ""},
		{"a site key turns reCAPTCHA on", map[string]string{siteKey: "6Lc", "ESTATE_FORMS_RECAPTCHA_SECRET": "s"}, "recaptcha", ""},
		{"reCAPTCHA without its secret", map[string]string{siteKey: "6Lc"}, "", "forms.recaptcha.secret"},
		{"reCAPTCHA without a site key", map[string]string{"ESTATE_FORMS_CAPTCHA": "recaptcha", "ESTATE_FORMS_RECAPTCHA_SECRET": "s"}, "", "site.analytics.recaptcha_site_key"},
		{"a short captcha key", map[string]string{"ESTATE_FORMS_CAPTCHA_KEY": "short"}, "", "forms.captcha_key"},
		{"an unknown captcha", map[string]string{"ESTATE_FORMS_CAPTCHA": "hcaptcha"}, "", "forms.captcha"},
		{"a mail host needs a sender", map[string]string{"ESTATE_MAIL_HOST": "smtp.example.be"}, "", "mail.from"},
		{"a named sender", map[string]string{"ESTATE_MAIL_FROM": "Site <site@example.be>"}, "", "mail.from"},
		{"retries that shrink", map[string]string{"ESTATE_MAIL_RETRY_MAX": "1s"}, "", "mail.retry.max"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join("..", "config.yaml")
			for k, v := range tt.env {
				if k == siteKey {
					file = withSiteKey(t, v)
					continue
				}
				t.Setenv(k, v)
			}
			cfg, err := Load(viper.New(), file)
			if tt.badKey != "" {
				if err == nil || !IsKeyError(err) || !strings.Contains(err.Error(), tt.badKey) {
					t.Fatalf("err %v, want one naming %s", err, tt.badKey)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Forms.Captcha != tt.captcha || cfg.Forms.RetentionDays != 1095 || cfg.Mail.Retry.MaxAttempts != 10 {
				t.Fatalf("forms %+v mail %+v", cfg.Forms, cfg.Mail)
			}
		})
	}
}

// siteKey stands for site.analytics.recaptcha_site_key, which only the file sets.
const siteKey = "site key"

// withSiteKey is the shipped config with a reCAPTCHA site key.
func withSiteKey(t *testing.T, key string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	out := strings.Replace(string(raw), `recaptcha_site_key: ""`, `recaptcha_site_key: "`+key+`"`, 1)
	file := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(file, []byte(out), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}
