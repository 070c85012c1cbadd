package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress shows the advance of sync and reindex: a bar per stage on a
// terminal, otherwise a plain line per stage and every few seconds, which
// reads well in logs and CI.
type progress struct {
	out      io.Writer
	terminal bool
	stage    string
	done     int
	bar      *progressbar.ProgressBar
	lastLine time.Time
}

func newProgress(out io.Writer) *progress {
	f, ok := out.(*os.File)
	return &progress{out: out, terminal: ok && term.IsTerminal(int(f.Fd()))}
}

func (p *progress) report(stage string, done, total int) {
	if p.terminal {
		p.reportBar(stage, done, total)
		return
	}
	if stage == p.stage && time.Since(p.lastLine) < 2*time.Second && done != total {
		return
	}
	if stage == p.stage && done == p.done {
		return
	}
	p.stage, p.done, p.lastLine = stage, done, time.Now()
	if total > 0 {
		fmt.Fprintf(p.out, "%s: %d/%d\n", stage, done, total)
	} else {
		fmt.Fprintf(p.out, "%s\n", stage)
	}
}

func (p *progress) reportBar(stage string, done, total int) {
	if stage != p.stage || p.bar == nil {
		p.finish()
		p.stage = stage
		p.bar = progressbar.NewOptions(max(total, -1),
			progressbar.OptionSetWriter(p.out),
			progressbar.OptionSetDescription(stage),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(),
		)
	}
	if total > 0 {
		p.bar.ChangeMax(total)
	}
	_ = p.bar.Set(done)
}

// finish closes the current bar so the next output starts on a clean line.
func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
		fmt.Fprintln(p.out)
	}
}
