package mail

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// FileSender writes each Message as an .eml file instead of sending it: for a site without an SMTP server (the
// demo, a development machine), where the agency or a developer opens the files with a mail client.
type FileSender struct {
	dir  string
	from Address
}

// NewFileSender writes into dir, creating it, with from as the sender of every mail.
func NewFileSender(dir string, from Address) (*FileSender, error) {
	if err := bareAddress(strings.TrimSpace(from.Email)); err != nil {
		return nil, fmt.Errorf("mail: file sender from: %w", err)
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("mail: file sender: %w", err)
	}
	return &FileSender{dir: dir, from: from}, nil
}

// Send writes m to dir/<ID>.eml, the bytes an SMTP server would have received. The file is named after the
// Message.ID and replaced atomically, so a retried delivery leaves one file, whole.
func (f *FileSender) Send(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	msg, err := compose(f.from, m)
	if err != nil {
		return fmt.Errorf("message %s: %w", m.ID, err)
	}
	// compose accepted the ID as a Message-ID, whose characters include no path separator but '/'.
	name := filepath.Join(f.dir, strings.ReplaceAll(m.ID, "/", "_")+".eml")
	tmp, err := os.CreateTemp(f.dir, ".mail-*.tmp")
	if err != nil {
		return fmt.Errorf("mail: message %s: %w", m.ID, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := msg.WriteTo(tmp); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("mail: message %s: write: %w", m.ID, err)
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("mail: message %s: sync: %w", m.ID, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("mail: message %s: %w", m.ID, err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("mail: message %s: %w", m.ID, err)
	}
	return nil
}
