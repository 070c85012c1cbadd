// Package schedule is the server's one clock for periodic work: the syncs,
// the retention purges and the daily digests run as jobs of one cron, in
// the agency's time zone.
package schedule

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"
)

// Scheduler runs jobs on cron specs. A job still running when it is due
// again is skipped, and a panic in a job is logged and stops nothing.
type Scheduler struct {
	cron *cron.Cron
	log  *slog.Logger
	// ctx is Run's: set before the cron starts, read by jobs after.
	ctx context.Context
}

// New returns a scheduler whose specs read as times in loc (nil: the
// machine's zone).
func New(loc *time.Location, log *slog.Logger) *Scheduler {
	if loc == nil {
		loc = time.Local
	}
	logger := cronLogger{log.With("scheduler", "cron")}
	// SkipIfStillRunning must wrap Recover: Recover inside returns control to
	// SkipIfStillRunning after a panic, which then releases its slot; the other
	// way round a panicking job would hold the slot for ever.
	c := cron.New(cron.WithLocation(loc), cron.WithLogger(logger),
		cron.WithChain(cron.SkipIfStillRunning(logger), cron.Recover(logger)))
	return &Scheduler{cron: c, log: log}
}

// Add runs job on spec ("*/15 * * * *", "@hourly"; "" for never), with
// Run's context; name is for errors and logs.
func (s *Scheduler) Add(name, spec string, job func(context.Context)) error {
	if spec == "" {
		return nil
	}
	if _, err := s.cron.AddFunc(spec, func() {
		s.log.Debug("scheduled job", "job", name)
		job(s.ctx)
	}); err != nil {
		return fmt.Errorf("schedule %s %q: %w", name, spec, err)
	}
	return nil
}

// Run starts the jobs and returns when ctx ends and the jobs running then
// have returned (they see ctx end too).
func (s *Scheduler) Run(ctx context.Context) {
	s.ctx = ctx
	s.cron.Start()
	<-ctx.Done()
	<-s.cron.Stop().Done()
}

// cronLogger adapts slog to cron's logger.
type cronLogger struct{ log *slog.Logger }

func (l cronLogger) Info(msg string, kv ...any) { l.log.Debug(msg, kv...) }
func (l cronLogger) Error(err error, msg string, kv ...any) {
	l.log.Error(msg, append(kv, "err", err)...)
}
