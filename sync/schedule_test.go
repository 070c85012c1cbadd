package sync_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	gosync "sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	estsync "github.com/estate-agency/estate/sync"
	"github.com/estate-agency/estate/sync/wire"
)

// panickySource panics in its first call, as a bug in a run would.
type panickySource struct {
	estsync.Source
	once gosync.Once
}

func (p *panickySource) Types(ctx context.Context, l listing.Lang) ([]wire.PropertyType, error) {
	p.once.Do(func() { panic("bug in a run") })
	return p.Source.Types(ctx, l)
}

// TestScheduleSurvivesAPanicAndStops runs the schedule every second: the
// first run panics, the next runs anyway (Recover inside
// SkipIfStillRunning), and cancelling the context stops the schedule.
func TestScheduleSurvivesAPanicAndStops(t *testing.T) {
	dir, err := estsync.NewDirSource(filepath.Join("..", "testdata", "platform"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, ix := openData(t, log)
	s := estsync.NewSyncer(&panickySource{Source: dir}, st, ix, log, estsync.Options{Languages: langs})

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- s.RunScheduled(ctx, estsync.Schedule{Incremental: "@every 1s", Location: time.UTC})
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if run, err := st.LastRun(); err == nil && run.OK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no successful scheduled run after the panicking one")
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("schedule did not stop")
	}
}
