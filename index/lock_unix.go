//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package index

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockDir takes an exclusive, non-blocking lock on dir/index.lock for the life of the Index. Bleve's
// own bbolt lock covers each index, but Open also removes leftover build directories before any
// index is opened: without this lock a second process would delete the temporary index of a
// rebuild the first one is running.
func lockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(lockPath(dir), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lock file: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrLocked
		}
		return nil, fmt.Errorf("lock %s: %w", lockPath(dir), err)
	}
	return f, nil
}
