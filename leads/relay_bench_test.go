package leads_test

import (
	"context"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
)

// BenchmarkOutboxDrain measures how fast the relay empties the outbox into
// a local SMTP server (smtptest, plain SMTP on loopback): each iteration is
// one lead, that is two mails.
//
//	go test ./leads -run '^$' -bench OutboxDrain -benchtime 1000x
func BenchmarkOutboxDrain(b *testing.B) {
	e := newRelayEnv(b)
	for i := range b.N {
		e.submit(b, listing.NL, i, "Bench")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b.ResetTimer()
	start := time.Now()
	done := make(chan struct{})
	go func() { e.relay.Run(ctx); close(done) }()
	e.waitDrained(b, 10*time.Minute)
	elapsed := time.Since(start)
	b.StopTimer()
	cancel()
	<-done
	if got := len(e.smtp.Messages()); got != 2*b.N {
		b.Fatalf("%d mails, want %d", got, 2*b.N)
	}
	b.ReportMetric(float64(2*b.N)/elapsed.Seconds(), "mails/s")
}
