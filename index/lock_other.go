//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package index

import (
	"fmt"
	"os"
)

// lockDir only creates the lock file where flock is unavailable: the bbolt lock of each index
// (with its timeout) is then the only guard against a second process.
func lockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(lockPath(dir), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lock file: %w", err)
	}
	return f, nil
}
