// Package benchmark holds what the project's Go benchmarks share: their size
// from the environment and the process's peak resident memory.
package benchmark

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
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
