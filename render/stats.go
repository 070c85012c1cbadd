package render

import (
	"sync/atomic"
	"time"
)

// Stats are a Renderer's counters since New, for `estate status`.
type Stats struct {
	Engine   Engine `json:"engine"`
	Runtimes int    `json:"runtimes"`
	// Renders counts the successful renders.
	Renders uint64 `json:"renders"`
	// Failures counts the failed renders by reason, every reason present.
	Failures map[string]uint64 `json:"failures"`
	// Waited counts the renders (successful or not) that queued for a
	// runtime: more than a few means the pool is too small.
	Waited uint64 `json:"waited"`
	// Waiting is how many callers wait for a runtime now.
	Waiting int `json:"waiting"`
	// Replaced counts the runtimes replaced after a failed render or plan.
	Replaced uint64 `json:"replaced"`
	// Time is the engine time of the successful renders (waiting excluded).
	Time Histogram `json:"time"`
	// Plans counts the search plans (Renderer.Plan) as the fields above
	// count the renders: they share the runtimes, not the counts.
	Plans Calls `json:"plans"`
}

// Calls are the counters of one of the bundle's functions.
type Calls struct {
	// Count counts the successful calls.
	Count uint64 `json:"count"`
	// Failures counts the failed calls by reason, every reason present.
	Failures map[string]uint64 `json:"failures"`
	// Waited counts the calls that queued for a runtime.
	Waited uint64 `json:"waited"`
	// Time is the engine time of the successful calls.
	Time Histogram `json:"time"`
}

// Histogram counts durations in fixed buckets, enough for a percentile
// estimate without keeping every sample.
type Histogram struct {
	Count   uint64   `json:"count"`
	TotalMs float64  `json:"totalMs"`
	Buckets []Bucket `json:"buckets"`
}

// Bucket counts the durations above the previous bucket's bound, up to its
// own. The last bucket has no bound (UpToMs absent): it holds the rest.
type Bucket struct {
	UpToMs float64 `json:"upToMs,omitempty"`
	Count  uint64  `json:"count"`
}

// bounds are the histogram's bucket bounds: a page should take a few to a few
// tens of milliseconds, and the default deadline is 200 ms.
var bounds = [...]time.Duration{
	time.Millisecond, 2 * time.Millisecond, 5 * time.Millisecond,
	10 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond,
	100 * time.Millisecond, 200 * time.Millisecond, 500 * time.Millisecond,
	time.Second,
}

// counters are updated by concurrent calls without a lock.
type counters struct {
	calls    atomic.Uint64
	failures [len(reasons)]atomic.Uint64
	waited   atomic.Uint64
	totalNs  atomic.Int64
	buckets  [len(bounds) + 1]atomic.Uint64
}

func (c *counters) success(d time.Duration) {
	c.calls.Add(1)
	c.totalNs.Add(int64(d))
	i := 0
	for i < len(bounds) && d > bounds[i] {
		i++
	}
	c.buckets[i].Add(1)
}

// fail counts err, an *Error, and returns it.
func (c *counters) fail(err error) error {
	reason := Reason(err)
	for i, r := range reasons {
		if r == reason {
			c.failures[i].Add(1)
			break
		}
	}
	return err
}

func (c *counters) snapshot() Calls {
	s := Calls{
		Count:    c.calls.Load(),
		Failures: make(map[string]uint64, len(reasons)),
		Waited:   c.waited.Load(),
		Time: Histogram{
			TotalMs: float64(c.totalNs.Load()) / float64(time.Millisecond),
			Buckets: make([]Bucket, len(c.buckets)),
		},
	}
	for i, r := range reasons {
		s.Failures[r] = c.failures[i].Load()
	}
	for i := range c.buckets {
		n := c.buckets[i].Load()
		s.Time.Count += n
		s.Time.Buckets[i].Count = n
		if i < len(bounds) {
			s.Time.Buckets[i].UpToMs = float64(bounds[i]) / float64(time.Millisecond)
		}
	}
	return s
}
