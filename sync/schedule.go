package sync

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"
)

// Schedule says when runs happen.
type Schedule struct {
	Incremental string // cron spec, e.g. "*/15 * * * *"
	Full        string // cron spec for full runs, "" for none
	Location    *time.Location
}

// RunScheduled runs the syncer on its schedule until ctx ends, then waits for
// a running job to finish. A run still going when the next is due is skipped,
// and a panic in a run is logged and does not stop the schedule.
func (s *Syncer) RunScheduled(ctx context.Context, sch Schedule) error {
	logger := cronLogger{s.log.With("scheduler", "cron")}
	loc := sch.Location
	if loc == nil {
		loc = time.Local
	}
	// SkipIfStillRunning must wrap Recover: Recover inside returns control to
	// SkipIfStillRunning after a panic, which then releases its slot; the other
	// way round a panicking run would hold the slot forever.
	c := cron.New(cron.WithLocation(loc), cron.WithLogger(logger),
		cron.WithChain(cron.SkipIfStillRunning(logger), cron.Recover(logger)))
	add := func(spec string, full bool) error {
		if spec == "" {
			return nil
		}
		_, err := c.AddFunc(spec, func() {
			_, err := s.Run(ctx, RunOptions{Full: full})
			if errors.Is(err, ErrBusy) {
				s.log.Info("scheduled sync skipped: another run is in progress")
			}
		})
		if err != nil {
			return fmt.Errorf("sync schedule %q: %w", spec, err)
		}
		return nil
	}
	if err := add(sch.Incremental, false); err != nil {
		return err
	}
	if err := add(sch.Full, true); err != nil {
		return err
	}
	c.Start()
	<-ctx.Done()
	<-c.Stop().Done()
	return nil
}

// cronLogger adapts slog to cron's logger.
type cronLogger struct{ log *slog.Logger }

func (l cronLogger) Info(msg string, kv ...any) { l.log.Debug(msg, kv...) }
func (l cronLogger) Error(err error, msg string, kv ...any) {
	l.log.Error(msg, append(kv, "err", err)...)
}
