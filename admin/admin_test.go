package admin_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/compliance"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	platformsync "github.com/estate-agency/estate/sync"
)

// worker is an in-memory server behind the admin API: what the CLI sees
// through the socket is what these methods returned.
type worker struct {
	mu       sync.Mutex // the test and the server's handlers both use it
	busy     bool
	failWith error
	leads    []store.Lead
	owners   []store.Account
	findings []compliance.Finding
}

func (w *worker) set(fn func(*worker)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	fn(w)
}

func (w *worker) Run(_ context.Context, ro platformsync.RunOptions) (admin.Run, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.busy {
		return admin.Run{}, platformsync.ErrBusy
	}
	for i := range 3 {
		ro.Progress("nl properties", i+1, 3)
	}
	return admin.Run{Full: ro.Full, OK: true, Added: 3}, nil
}

func (w *worker) Reindex(_ context.Context, progress platformsync.Progress) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	progress("nl", 1, 1)
	return w.failWith
}

func (w *worker) Status(context.Context) (admin.Status, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return admin.Status{Index: map[listing.Lang]uint64{listing.NL: 58}}, nil
}

func (w *worker) Compliance(context.Context) ([]compliance.Finding, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.findings), w.failWith
}

func (w *worker) Leads(context.Context) ([]store.Lead, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.leads), nil
}

func (w *worker) EraseEmail(_ context.Context, email string) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(w.leads)
	w.leads = slices.DeleteFunc(w.leads, func(l store.Lead) bool { return l.Email == email })
	return n - len(w.leads), nil
}

func (w *worker) ApproveTestimonial(_ context.Context, id uint64) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, l := range w.leads {
		if l.ID != id {
			continue
		}
		if !l.IsTestimonial() {
			return fmt.Errorf("%w: lead %d", store.ErrNotATestimonial, id)
		}
		w.leads[i].Status = store.TestimonialPublished
		return nil
	}
	return fmt.Errorf("%w: lead %d", store.ErrNotFound, id)
}

func (w *worker) AddOwner(_ context.Context, o admin.NewOwner) (store.Account, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, a := range w.owners {
		if a.Email == o.Email {
			return store.Account{}, fmt.Errorf("%w: %s", store.ErrExists, o.Email)
		}
	}
	a := store.Account{ID: uint64(len(w.owners) + 1), Kind: "owner", Email: o.Email, PasswordHash: "$argon2id$secret", Properties: o.Properties}
	w.owners = append(w.owners, a)
	return a, nil
}

func (w *worker) Owners(context.Context) ([]store.Account, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.owners), nil
}

func (w *worker) ResetOwner(_ context.Context, r admin.OwnerReset) (store.Account, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, a := range w.owners {
		if a.Email == r.Email {
			return a, nil
		}
	}
	return store.Account{}, fmt.Errorf("%w: %s", store.ErrNotFound, r.Email)
}

func (w *worker) PreviewAlerts(_ context.Context, email string) (admin.AlertPreview, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return admin.AlertPreview{}, fmt.Errorf("%w: %s", store.ErrNotFound, email)
}

// serve runs the admin API for w on a socket in a temporary directory.
func serve(t *testing.T, w *worker) (*admin.Client, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "admin.sock")
	srv, err := admin.Listen(path, admin.Handler(w, slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve() }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Error(err)
		}
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return admin.NewClient(path), path
}

func TestTheSocketIsTheOwnersAndOneServers(t *testing.T) {
	_, path := serve(t, &worker{})
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o600 {
		t.Errorf("socket mode %o, want 600: only the user running the server may drive it", mode)
	}
	if _, err := admin.Listen(path, admin.Handler(&worker{}, slog.New(slog.DiscardHandler))); err == nil || !strings.Contains(err.Error(), "another server") {
		t.Errorf("a second server on a live socket: %v, want refused", err)
	}
}

func TestAStaleSocketIsReplaced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "admin.sock")
	// What a crashed server leaves: the file, with nobody listening.
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	srv, err := admin.Listen(path, admin.Handler(&worker{}, slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatalf("listen over a stale socket: %v", err)
	}
	go func() { _ = srv.Serve() }()
	defer srv.Shutdown(context.Background())
	if _, err := admin.NewClient(path).Status(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestNoServerIsSaidSo(t *testing.T) {
	c := admin.NewClient(filepath.Join(t.TempDir(), "admin.sock"))
	if _, err := c.Status(context.Background()); !errors.Is(err, admin.ErrNoServer) {
		t.Fatalf("status without a server: %v, want ErrNoServer (the CLI then opens the store itself)", err)
	}
}

func TestSyncAndReindexStreamTheirProgressAndResult(t *testing.T) {
	ctx := context.Background()
	w := &worker{}
	c, _ := serve(t, w)

	var stages []string
	run, err := c.Sync(ctx, true, false, func(stage string, done, total int) {
		stages = append(stages, fmt.Sprintf("%s %d/%d", stage, done, total))
	})
	if err != nil || run == nil || !run.OK || !run.Full || run.Added != 3 {
		t.Fatalf("sync: %+v, %v", run, err)
	}
	// Progress is sent at most every 100 ms, and always when a stage ends.
	if len(stages) == 0 || stages[len(stages)-1] != "nl properties 3/3" {
		t.Errorf("progress %v, want it to end with the stage's last step", stages)
	}

	w.set(func(w *worker) { w.busy = true })
	if _, err := c.Sync(ctx, false, false, nil); !errors.Is(err, platformsync.ErrBusy) {
		t.Errorf("sync while another runs: %v, want ErrBusy", err)
	}

	w.set(func(w *worker) { w.failWith = errors.New("index nl: disk full") })
	if err := c.Reindex(ctx, nil); err == nil || err.Error() != "index nl: disk full" {
		t.Errorf("reindex: %v, want the server's error", err)
	}

	st, err := c.Status(ctx)
	if err != nil || !st.Server || st.Index[listing.NL] != 58 {
		t.Errorf("status: %+v, %v", st, err)
	}
}

func TestLeadsAndTestimonials(t *testing.T) {
	ctx := context.Background()
	w := &worker{leads: []store.Lead{
		{ID: 1, Form: "contact-me", Email: "an@example.be"},
		{ID: 2, Form: "contact-testimonial", Email: "marc@example.be", Status: store.TestimonialPending},
		{ID: 3, Form: "site-contact", Email: "an@example.be"},
	}}
	c, _ := serve(t, w)

	tests := []struct {
		name    string
		id      uint64
		wantErr string // in the error the CLI prints; "" for none
	}{
		{"a testimonial", 2, ""},
		{"another lead", 1, "422"},
		{"an unknown id", 9, "404"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := c.ApproveTestimonial(ctx, tt.id)
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("approve %d: %v, want %q", tt.id, err, tt.wantErr)
			}
		})
	}
	if n, err := c.EraseEmail(ctx, "an@example.be"); err != nil || n != 2 {
		t.Fatalf("erase: %d, %v", n, err)
	}
	ls, err := c.Leads(ctx)
	if err != nil || len(ls) != 1 || ls[0].Status != store.TestimonialPublished {
		t.Fatalf("leads after erase and approval: %+v, %v", ls, err)
	}
}

func TestOwnersNeverCarryTheirPasswordHash(t *testing.T) {
	ctx := context.Background()
	c, _ := serve(t, &worker{})
	a, err := c.AddOwner(ctx, admin.NewOwner{Email: "o@example.be", Properties: []int{4030}})
	if err != nil || a.ID == 0 || a.PasswordHash != "" {
		t.Fatalf("add: %+v, %v", a, err)
	}
	if _, err := c.AddOwner(ctx, admin.NewOwner{Email: "o@example.be", Properties: []int{4030}}); err == nil || !strings.Contains(err.Error(), "409") {
		t.Errorf("the same email again: %v, want 409", err)
	}
	if _, err := c.ResetOwner(ctx, admin.OwnerReset{Email: "nobody@example.be"}); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("reset of an unknown owner: %v, want 404", err)
	}
	list, err := c.Owners(ctx)
	if err != nil || len(list) != 1 || list[0].PasswordHash != "" {
		t.Fatalf("owners: %+v, %v", list, err)
	}
	if _, err := c.PreviewAlerts(ctx, "nobody@example.be"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("preview of an unknown searcher: %v, want 404", err)
	}
}

func TestComplianceReport(t *testing.T) {
	ctx := context.Background()
	rent := compliance.Finding{ID: 4104, Region: listing.Wallonia, Rule: "wallonia.rent", Source: "https://wallex.wallonie.be/", Languages: []listing.Lang{listing.FR, listing.NL}}
	epc := compliance.Finding{ID: 4002, Region: listing.Flanders, Rule: "flanders.epc", Source: "https://www.energiesparen.be/", Languages: []listing.Lang{listing.NL}}
	tests := []struct {
		name     string
		findings []compliance.Finding
		fail     error
		want     []compliance.Finding
		wantErr  string
	}{
		{"findings in the worker's order", []compliance.Finding{epc, rent}, nil, []compliance.Finding{epc, rent}, ""},
		{"nothing missing is an empty list", nil, nil, []compliance.Finding{}, ""},
		{"an unreadable store is the server's error", nil, errors.New("compliance check nl: store: decode property"), nil, "500"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := serve(t, &worker{findings: tt.findings, failWith: tt.fail})
			got, err := c.Compliance(ctx)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), "decode property") {
					t.Fatalf("compliance: %v, want %s with the cause", err, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil || fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Fatalf("compliance: %+v, %v, want %+v", got, err, tt.want)
			}
		})
	}
}
