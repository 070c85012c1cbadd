package store

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func TestFiftyBookingsOfThreePlaces(t *testing.T) {
	s := open(t)
	var ok, full atomic.Int32
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			_, err := s.AddLead(NewLead{Lead: Lead{Form: "contact-appointment", SlotID: 7}, Kinds: []string{"agency"},
				Slot: &SlotBooking{ID: 7, Capacity: 4, Booked: 1}}, t0)
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, ErrSlotFull):
				full.Add(1)
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 3 || full.Load() != 47 {
		t.Fatalf("booked %d, full %d; want 3 and 47", ok.Load(), full.Load())
	}
	if n, _ := s.SlotBookings(7); n != 3 {
		t.Fatalf("slot bookings %d", n)
	}
}

func TestOnceWithinItsWindow(t *testing.T) {
	s := open(t)
	n := NewLead{Lead: Lead{Form: "request-documents"}, Once: "an@example.be|documents|4030", Window: 30 * 24 * time.Hour}
	steps := []struct {
		at   time.Time
		want error
	}{{t0, nil}, {t0.Add(29 * 24 * time.Hour), ErrAlreadyRequested}, {t0.Add(31 * 24 * time.Hour), nil}}
	for _, st := range steps {
		if _, err := s.AddLead(n, st.at); !errors.Is(err, st.want) {
			t.Fatalf("at %s: %v, want %v", st.at, err, st.want)
		}
	}
}

func TestOutboxLifecycle(t *testing.T) {
	s := open(t)
	id, err := s.AddLead(NewLead{Lead: Lead{Form: "site-contact", Email: "jan@example.be"}, Kinds: []string{"agency", "visitor"}}, t0)
	if err != nil {
		t.Fatal(err)
	}
	due, err := s.DueOutbox(t0, 10)
	if err != nil || len(due) != 2 {
		t.Fatalf("due %v %v", due, err)
	}
	if err := s.Delivered(due[0], t0.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if err := s.Failed(due[1], "451 try later", t0.Add(time.Minute), false); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueOutbox(t0.Add(30*time.Second), 10); len(due) != 0 {
		t.Fatalf("entry due before its retry time: %v", due)
	}
	due, _ = s.DueOutbox(t0.Add(time.Minute), 10)
	if len(due) != 1 || due[0].Attempts != 1 {
		t.Fatalf("retry %v", due)
	}
	if err := s.Failed(due[0], "550 no such user", t0.Add(time.Hour), true); err != nil {
		t.Fatal(err)
	}
	pending, dead, _ := s.OutboxSize()
	l, _ := s.Lead(id)
	if pending != 0 || dead != 1 || l.Deliveries[0].Status != DeliverySent || l.Deliveries[1].Status != DeliveryDead || l.Deliveries[1].Attempts != 2 {
		t.Fatalf("pending %d dead %d deliveries %+v", pending, dead, l.Deliveries)
	}
}

func TestEraseAndPurge(t *testing.T) {
	s := open(t)
	add := func(email string, fields map[string]any, at time.Time) {
		if _, err := s.AddLead(NewLead{Lead: Lead{Email: email, Fields: fields, Received: at}, Kinds: []string{"agency"},
			Once: email + "|documents|1", Window: time.Hour}, at); err != nil {
			t.Fatal(err)
		}
	}
	add("an@example.be", nil, t0)
	add("jan@example.be", map[string]any{"friendEmail": "AN@example.be"}, t0)
	add("piet@example.be", nil, t0.AddDate(-4, 0, 0))
	add("els@example.be", nil, t0)
	n, err := s.EraseEmail("An@Example.be")
	if err != nil || n != 2 {
		t.Fatalf("erased %d %v", n, err)
	}
	if _, err := s.AddLead(NewLead{Lead: Lead{Email: "an@example.be", Received: t0}, Once: "an@example.be|documents|1", Window: time.Hour}, t0); err != nil {
		t.Fatalf("the erased person's repeat guard is still there: %v", err)
	}
	n, err = s.PurgeBefore(t0.AddDate(-3, 0, 0))
	if err != nil || n != 1 {
		t.Fatalf("purged %d %v", n, err)
	}
	var left []string
	_ = s.EachLead(func(l Lead) error { left = append(left, l.Email); return nil })
	pending, _, _ := s.OutboxSize()
	if len(left) != 2 || pending != 1 {
		t.Fatalf("left %v, outbox %d", left, pending)
	}
}

func TestSpendCaptchaOnce(t *testing.T) {
	s := open(t)
	for i, want := range []bool{true, false} {
		fresh, err := s.SpendCaptcha("abc", t0.Add(time.Minute), t0)
		if err != nil || fresh != want {
			t.Fatalf("spend %d: %v %v", i, fresh, err)
		}
	}
}
