package accounts

import (
	"testing"
	"time"
)

func TestThrottle(t *testing.T) {
	t0 := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	th := newThrottle(10, 15*time.Minute)
	now := t0
	for i := 1; i <= 10; i++ {
		if w := th.wait("an@example.be", now); w != 0 {
			t.Fatalf("attempt %d must wait %s", i, w)
		}
		th.fail("an@example.be", now)
		now = now.Add(time.Minute) // slower than any growing delay
	}
	// The 11th attempt, 10 minutes after the first failure: refused until it is 15 minutes old.
	if w := th.wait("an@example.be", now); w != 5*time.Minute {
		t.Fatalf("11th attempt waits %s, want 5m", w)
	}
	if w := th.wait("other@example.be", now); w != 0 {
		t.Fatalf("another key waits %s", w)
	}
	if w := th.wait("an@example.be", t0.Add(15*time.Minute)); w != 0 {
		t.Fatalf("after the first failure left the window: %s", w)
	}

	// Failures in a burst: from the 4th on, each one makes the next wait longer.
	th = newThrottle(10, 15*time.Minute)
	for i := range 4 {
		th.fail("203.0.113.7", t0.Add(time.Duration(i)*time.Millisecond))
	}
	if w := th.wait("203.0.113.7", t0.Add(3*time.Millisecond)); w != time.Second {
		t.Fatalf("after 4 quick failures: %s, want 1s", w)
	}
	th.fail("203.0.113.7", t0.Add(2*time.Second))
	if w := th.wait("203.0.113.7", t0.Add(2*time.Second)); w != 2*time.Second {
		t.Fatalf("after 5: %s, want 2s", w)
	}
	th.clear("203.0.113.7")
	if w := th.wait("203.0.113.7", t0.Add(2*time.Second)); w != 0 {
		t.Fatalf("after a good login: %s", w)
	}
}
