package captcha

import (
	"context"
	"sync"
	"time"
)

// sweepEvery spaces out the scans for forgotten entries, so Spend stays O(1) amortised.
const sweepEvery = time.Minute

// MemorySpent is an in-process SpentStore for tests and for running without a database.
// Entries are forgotten once their time has passed; solving is what limits how many
// there can be, since only correct solutions are recorded. The zero value is ready to use.
type MemorySpent struct {
	// Now is the clock (default time.Now).
	Now func() time.Time

	mu        sync.Mutex
	until     map[string]time.Time
	lastSweep time.Time
}

// Spend records id until the given time and reports whether it was not recorded before.
func (m *MemorySpent) Spend(ctx context.Context, id string, until time.Time) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	now := time.Now()
	if m.Now != nil {
		now = m.Now()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.until == nil {
		m.until = make(map[string]time.Time)
	}
	if now.Sub(m.lastSweep) >= sweepEvery {
		for k, t := range m.until {
			if !now.Before(t) {
				delete(m.until, k)
			}
		}
		m.lastSweep = now
	}
	if t, ok := m.until[id]; ok && now.Before(t) {
		return false, nil
	}
	m.until[id] = until
	return true, nil
}
