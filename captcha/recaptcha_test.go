package captcha

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestRecaptchaVerify(t *testing.T) {
	google := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		if r.Form.Get("secret") != "s3cret" {
			fmt.Fprint(w, `{"success":false,"error-codes":["invalid-input-secret"]}`)
			return
		}
		switch r.Form.Get("response") {
		case "human":
			fmt.Fprint(w, `{"success":true,"score":0.9,"action":"submit"}`)
		case "bot":
			fmt.Fprint(w, `{"success":true,"score":0.1,"action":"submit"}`)
		case "elsewhere":
			fmt.Fprint(w, `{"success":true,"score":0.9,"action":"login"}`)
		default:
			fmt.Fprint(w, `{"success":false,"error-codes":["invalid-input-response"]}`)
		}
	}))
	defer google.Close()
	r, err := NewRecaptcha("site", "s3cret", 0.5, google.URL)
	if err != nil {
		t.Fatal(err)
	}
	for token, want := range map[string]error{"human": nil, "bot": ErrInvalid, "elsewhere": ErrInvalid, "forged": ErrInvalid, "": ErrInvalid} {
		if err := r.Verify(context.Background(), token); !errors.Is(err, want) {
			t.Errorf("%q: %v, want %v", token, err, want)
		}
	}
	google.Close()
	if err := r.Verify(context.Background(), "human"); err == nil || errors.Is(err, ErrInvalid) {
		t.Errorf("Google unreachable: %v", err)
	}
	if _, err := NewRecaptcha("", "x", 0.5, ""); err == nil {
		t.Error("no site key accepted")
	}
}
