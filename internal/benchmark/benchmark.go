// Package benchmark holds what the project's Go benchmarks share: their size
// from the environment, the process's peak resident memory and latency
// percentiles.
package benchmark

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Size is the value of the environment variable env (a positive number), or
// def when it is unset, so a heavy benchmark can be run small.
func Size(tb testing.TB, env string, def int) int {
	tb.Helper()
	s := os.Getenv(env)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		tb.Fatalf("%s=%q: want a positive number", env, s)
	}
	return n
}

// PeakRSSMB is the process's resident high-water mark (VmHWM) in MB; 0 where
// /proc is not available.
func PeakRSSMB() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}

// ResetPeakRSS frees what the setup left and resets VmHWM, so the next
// PeakRSSMB is the measured work's own (Linux; a no-op elsewhere).
func ResetPeakRSS() {
	runtime.GC()
	debug.FreeOSMemory()
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// ReportLatencies sorts took and reports its percentiles ps (50, 95, 99…)
// in milliseconds, as the metrics p50-ms, p95-ms, p99-ms….
func ReportLatencies(b *testing.B, took []time.Duration, ps ...int) {
	slices.Sort(took)
	for _, p := range ps {
		d := took[min(len(took)-1, int(float64(p)/100*float64(len(took))))]
		b.ReportMetric(float64(d.Microseconds())/1000, fmt.Sprintf("p%d-ms", p))
	}
}
