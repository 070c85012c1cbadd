package accounts

import (
	"sync"
	"time"
)

// throttle counts failed logins per key (an account's email, an address)
// in a sliding window: past the limit a key is refused until its oldest
// failure leaves the window, and before that each failure beyond the
// third makes the next attempt wait longer.
type throttle struct {
	mu     sync.Mutex
	limit  int
	window time.Duration
	fails  map[string][]time.Time
}

func newThrottle(limit int, window time.Duration) *throttle {
	return &throttle{limit: limit, window: window, fails: map[string][]time.Time{}}
}

// recent drops a key's failures older than the window and returns the rest.
func (t *throttle) recent(key string, now time.Time) []time.Time {
	list := t.fails[key]
	i := 0
	for i < len(list) && now.Sub(list[i]) >= t.window {
		i++
	}
	list = list[i:]
	if len(list) == 0 {
		delete(t.fails, key)
	} else {
		t.fails[key] = list
	}
	return list
}

// wait is how long key must wait before another attempt: zero when free.
func (t *throttle) wait(key string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	list := t.recent(key, now)
	n := len(list)
	switch {
	case n >= t.limit:
		return list[0].Add(t.window).Sub(now)
	case n > 3:
		// 1 s after the 4th failure, doubling: 2, 4, 8 … 32 s after the 9th.
		delay := time.Second << (n - 4)
		if until := list[n-1].Add(delay); until.After(now) {
			return until.Sub(now)
		}
	}
	return 0
}

func (t *throttle) fail(key string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.fails[key] = append(t.recent(key, now), now)
}

func (t *throttle) clear(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.fails, key)
}
