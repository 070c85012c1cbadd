package schedule_test

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/schedule"
)

// A job that panics runs again when next due (Recover inside
// SkipIfStillRunning), and Run returns only once the running job has
// seen the context end and returned.
func TestJobsSurviveAPanicAndRunStopsThem(t *testing.T) {
	s := schedule.New(time.UTC, slog.New(slog.DiscardHandler))
	var runs atomic.Int32
	second := make(chan struct{})
	var returned atomic.Bool
	if err := s.Add("flaky", "@every 1s", func(ctx context.Context) {
		if runs.Add(1) == 1 {
			panic("a bug in a job")
		}
		if runs.Load() == 2 {
			close(second)
			<-ctx.Done() // a job that holds until the server stops
			returned.Store(true)
		}
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	select {
	case <-second:
	case <-time.After(10 * time.Second):
		t.Fatal("the job did not run again after its panic")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return")
	}
	if !returned.Load() {
		t.Error("Run returned before the running job did")
	}
}

func TestBadSpecsAreRefusedAndEmptyOnesMeanNever(t *testing.T) {
	s := schedule.New(nil, slog.New(slog.DiscardHandler))
	tests := []struct {
		spec    string
		wantErr bool
	}{
		{"*/15 * * * *", false},
		{"@hourly", false},
		{"", false},
		{"every quarter", true},
		{"61 * * * *", true},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			if err := s.Add("job", tt.spec, func(context.Context) {}); (err != nil) != tt.wantErr {
				t.Errorf("Add(%q) = %v, want error %v", tt.spec, err, tt.wantErr)
			}
		})
	}
}
