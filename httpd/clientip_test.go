package httpd_test

import (
	"fmt"
	"testing"

	"github.com/estate-agency/estate/config"
)

// The per-address limits see the connection's address unless the config
// names the proxies and their header: a visitor who writes X-Forwarded-For
// cannot pass for many. Each case sends three forms from this test's
// loopback address under a limit of two, each form claiming another
// address in header (a %d takes the form's number).
func TestClientAddressBehindProxies(t *testing.T) {
	tests := []struct {
		name    string
		proxies []string
		header  string // server.client_ip_header
		send    string // the header the client sends
		value   string
		want    [3]int
	}{
		{"defaults ignore a spoofed X-Forwarded-For", nil, "", "X-Forwarded-For", "203.0.113.%d", [3]int{201, 201, 429}},
		{"defaults ignore a spoofed X-Real-IP", nil, "", "X-Real-IP", "203.0.113.%d", [3]int{201, 201, 429}},
		{"a trusted proxy's header is the address", []string{"127.0.0.1", "::1"}, "X-Forwarded-For", "X-Forwarded-For", "203.0.113.%d", [3]int{201, 201, 201}},
		{"a trusted proxy's X-Real-IP", []string{"127.0.0.0/8"}, "X-Real-IP", "X-Real-IP", "203.0.113.%d", [3]int{201, 201, 201}},
		{"the header from an untrusted peer is ignored", []string{"192.0.2.10"}, "X-Forwarded-For", "X-Forwarded-For", "203.0.113.%d", [3]int{201, 201, 429}},
		{"only the configured header counts", []string{"127.0.0.1"}, "X-Real-IP", "X-Forwarded-For", "203.0.113.%d", [3]int{201, 201, 429}},
		// A proxy that appends: the visitor's own part is on the left, the
		// address the proxy saw on the right, and that is the one read.
		{"what a visitor prepends is ignored", []string{"127.0.0.1"}, "X-Forwarded-For", "X-Forwarded-For", "203.0.113.%d, 198.51.100.7", [3]int{201, 201, 429}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newFormsEnv(t, func(c *config.Config) {
				c.Forms.RatePerMinute, c.Forms.Burst = 1, 2
				c.Server.TrustedProxies, c.Server.ClientIPHeader = tt.proxies, tt.header
			})
			var got [3]int
			for i := range got {
				got[i], _ = e.post(t, "site-contact", body(t, "nl", siteContact()), tt.send, fmt.Sprintf(tt.value, i+1))
			}
			if got != tt.want {
				t.Errorf("statuses %v, want %v", got, tt.want)
			}
		})
	}
}
