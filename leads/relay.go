package leads

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/estate-agency/estate/store"
)

// ErrPermanent marks a delivery that cannot succeed by retrying (a
// mailbox the server refuses): the entry goes to the dead letters at once.
var ErrPermanent = errors.New("leads: permanent delivery failure")

// Deliverer makes one delivery of a lead: the mail or push of that kind.
// The entry's id is stable across retries, so a receiver can recognise a
// repeat (it is the mail's Message-ID).
type Deliverer interface {
	Deliver(ctx context.Context, l store.Lead, kind string, entryID uint64) error
	// DeliverMessage sends a mail prepared when it was queued (account
	// mails), held as the JSON of a mail.Message.
	DeliverMessage(ctx context.Context, msg json.RawMessage, entryID uint64) error
}

// OutboxStore is the relay's view of the store.
type OutboxStore interface {
	DueOutbox(now time.Time, limit int) ([]store.OutboxEntry, error)
	NextOutboxAt() (time.Time, bool, error)
	Lead(id uint64) (store.Lead, error)
	Delivered(e store.OutboxEntry, at time.Time) error
	Failed(e store.OutboxEntry, cause string, next time.Time, dead bool) error
	Unconfirmed(e store.OutboxEntry, at time.Time, cause string) error
}

// RetryPolicy says how often and how long the relay retries.
type RetryPolicy struct {
	// MaxAttempts is how many failures move an entry to the dead letters.
	MaxAttempts int
	// Base is the wait after the first failure; each failure doubles it up to Max.
	Base, Max time.Duration
	// Timeout bounds one delivery.
	Timeout time.Duration
}

// Relay delivers the outbox: every entry at least once, retrying with
// exponential backoff, until it succeeds or runs out of attempts.
type Relay struct {
	store   OutboxStore
	deliver Deliverer
	policy  RetryPolicy
	log     *slog.Logger
	now     func() time.Time
	wake    chan struct{}
	// workers is how many deliveries run at once.
	workers int
}

// RelayOption tunes a relay.
type RelayOption func(*Relay)

// RelayClock sets the relay's clock (the service's, in tests that move time).
func RelayClock(now func() time.Time) RelayOption { return func(r *Relay) { r.now = now } }

// NewRelay returns a relay; Run starts it.
func NewRelay(st OutboxStore, d Deliverer, p RetryPolicy, log *slog.Logger, opts ...RelayOption) *Relay {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 10
	}
	if p.Base <= 0 {
		p.Base = 30 * time.Second
	}
	if p.Max < p.Base {
		p.Max = max(p.Base, time.Hour)
	}
	if p.Timeout <= 0 {
		p.Timeout = time.Minute
	}
	r := &Relay{store: st, deliver: d, policy: p, log: log, now: time.Now, wake: make(chan struct{}, 1), workers: 4}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Wake tells the relay new entries are waiting; it never blocks.
func (r *Relay) Wake() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Run delivers until ctx ends. What is pending at start (after a restart)
// goes first. It keeps its own timer rather than a job on the server's
// schedule: it sleeps until the next entry's retry time (the backoff of a
// failed delivery), or until Wake, which no fixed cron spec can express.
func (r *Relay) Run(ctx context.Context) {
	for {
		for r.drain(ctx) {
		}
		wait := time.Minute
		if at, ok, err := r.store.NextOutboxAt(); err != nil {
			r.log.Error("relay: read outbox", "err", err)
		} else if ok {
			wait = min(max(at.Sub(r.now()), 0), wait)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-r.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// drain delivers the entries that are due, a batch at a time; it reports
// whether a full batch went, so more may be waiting.
func (r *Relay) drain(ctx context.Context) bool {
	const batch = 64
	if ctx.Err() != nil {
		return false
	}
	due, err := r.store.DueOutbox(r.now(), batch)
	if err != nil {
		r.log.Error("relay: read outbox", "err", err)
		return false
	}
	jobs := make(chan store.OutboxEntry)
	var wg sync.WaitGroup
	for range min(r.workers, len(due)) {
		wg.Go(func() {
			for e := range jobs {
				r.one(ctx, e)
			}
		})
	}
	for _, e := range due {
		jobs <- e
	}
	close(jobs)
	wg.Wait()
	return len(due) == batch
}

func (r *Relay) one(ctx context.Context, e store.OutboxEntry) {
	var l store.Lead
	var err error
	if len(e.Message) == 0 {
		l, err = r.store.Lead(e.LeadID)
	}
	if errors.Is(err, store.ErrNotFound) {
		// Erased (GDPR) or purged while waiting: nothing left to send.
		if err := r.store.Delivered(e, r.now()); err != nil {
			r.log.Error("relay: drop entry of erased lead", "entry", e.ID, "err", err)
		}
		return
	}
	if err == nil {
		dctx, cancel := context.WithTimeout(ctx, r.policy.Timeout)
		if len(e.Message) > 0 {
			err = r.deliver.DeliverMessage(dctx, e.Message, e.ID)
		} else {
			err = r.deliver.Deliver(dctx, l, e.Kind, e.ID)
		}
		cancel()
	}
	now := r.now()
	if err == nil {
		if err := r.store.Delivered(e, now); err != nil {
			r.log.Error("relay: record delivery", "entry", e.ID, "lead", e.LeadID, "err", err)
		}
		return
	}
	if errors.Is(err, ErrUnconfirmed) {
		// Even when shutting down: the push went out, so it must not go again.
		r.log.Warn("relay: pushed to the platform without an answer; not sent again", "entry", e.ID, "lead", e.LeadID, "kind", e.Kind, "err", err)
		if err := r.store.Unconfirmed(e, now, err.Error()); err != nil {
			r.log.Error("relay: record unconfirmed delivery", "entry", e.ID, "err", err)
		}
		return
	}
	if ctx.Err() != nil {
		return // shutting down: the entry stays due and goes after the restart
	}
	dead := errors.Is(err, ErrPermanent) || e.Attempts+1 >= r.policy.MaxAttempts
	next := now.Add(r.backoff(e.Attempts + 1))
	r.log.Warn("relay: delivery failed", "entry", e.ID, "lead", e.LeadID, "kind", e.Kind, "attempt", e.Attempts+1, "dead", dead, "err", err)
	if err := r.store.Failed(e, err.Error(), next, dead); err != nil {
		r.log.Error("relay: record failure", "entry", e.ID, "err", err)
	}
}

// backoff is the wait after the n-th failure: Base doubling up to Max,
// with a tenth of jitter so entries that failed together spread out.
func (r *Relay) backoff(n int) time.Duration {
	d := r.policy.Base
	for i := 1; i < n && d < r.policy.Max; i++ {
		d *= 2
	}
	d = min(d, r.policy.Max)
	return d - time.Duration(rand.Int64N(int64(d)/10+1))
}

// String describes the policy for logs.
func (p RetryPolicy) String() string {
	return fmt.Sprintf("%d attempts, %s doubling to %s", p.MaxAttempts, p.Base, p.Max)
}
