package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/mail/smtptest"
	"github.com/estate-agency/estate/store"
)

// TestKilledDuringABurstLosesNoAcknowledgedLead kills `estate serve` with
// SIGKILL while 500 submissions are on their way, starts it again, and
// checks that every lead that was answered 201 is in the export and that
// its two mails reach the SMTP server.
func TestKilledDuringABurstLosesNoAcknowledgedLead(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := filepath.Join(t.TempDir(), "estate")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	smtp := smtptest.Start(t)
	dataset, err := filepath.Abs(filepath.Join("..", "..", "testdata", "platform"))
	if err != nil {
		t.Fatal(err)
	}
	addr := freePort(t)
	env := append(os.Environ(), "ESTATE_STORAGE_DIR="+t.TempDir(), "ESTATE_SERVER_ADDR="+addr, "ESTATE_SOURCE_DIR="+dataset,
		"ESTATE_FORMS_CAPTCHA=off", "ESTATE_FORMS_RATE_PER_MINUTE=0", "ESTATE_LOG_LEVEL=error",
		"ESTATE_MAIL_HOST="+smtp.Host(), fmt.Sprintf("ESTATE_MAIL_PORT=%d", smtp.Port()), "ESTATE_MAIL_TLS=none",
		"ESTATE_MAIL_FROM=site@agency.example", "ESTATE_MAIL_RETRY_BASE=50ms", "ESTATE_MAIL_RETRY_MAX=500ms")
	base := "http://" + addr
	start := func() *exec.Cmd {
		cmd := exec.Command(bin, "--config", "../../config.yaml", "serve")
		cmd.Env = env
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitReady(t, base)
		return cmd
	}

	server := start()
	var acked sync.Map
	var count atomic.Int32
	jobs := make(chan int)
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 10 * time.Second}
	for range 64 {
		wg.Go(func() {
			for i := range jobs {
				body := fmt.Sprintf(`{"lang":"%s","fields":{"title":"ms","firstName":"An","lastName":"Burst %d","email":"burst%d@example.be",`+
					`"phone":"0470123456","street":"Kerkstraat 1","zip":"6830","city":"Bouillon","remark":"lead %d","privacy":true}}`,
					[]string{"nl", "fr"}[i%2], i, i, i)
				resp, err := client.Post(base+"/api/forms/site-contact", "application/json", strings.NewReader(body))
				if err != nil {
					continue // the server died under this request
				}
				var out struct{ ID string }
				_ = json.NewDecoder(resp.Body).Decode(&out)
				resp.Body.Close()
				if resp.StatusCode == http.StatusCreated {
					acked.Store(out.ID, i)
					count.Add(1)
				}
			}
		})
	}
	go func() {
		for count.Load() < 150 {
			time.Sleep(time.Millisecond)
		}
		_ = server.Process.Kill() // SIGKILL: no shutdown, no flush
	}()
	for i := range 500 {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	_ = server.Wait()
	if count.Load() < 150 {
		t.Fatalf("only %d submissions were acknowledged", count.Load())
	}

	server = start()
	defer func() { _ = server.Process.Kill(); _ = server.Wait() }()
	ids := map[string]bool{}
	acked.Range(func(k, _ any) bool { ids[k.(string)] = true; return true })

	// Every acknowledged lead's agency mail and confirmation arrive.
	deadline := time.Now().Add(60 * time.Second)
	for {
		got := map[string]int{}
		for _, r := range smtp.Messages() {
			p, err := r.Parse()
			if err != nil {
				t.Fatal(err)
			}
			id := strings.TrimPrefix(strings.SplitN(p.Decoded("Message-Id"), ".", 2)[0], "<lead-")
			got[id]++
		}
		missing := 0
		for id := range ids {
			if got[id] < 2 {
				missing++
			}
		}
		if missing == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d acknowledged leads still lack a mail", missing, len(ids))
		}
		time.Sleep(100 * time.Millisecond)
	}

	export := exec.Command(bin, "--config", "../../config.yaml", "leads", "export", "--format", "json")
	export.Env = env
	var out, errOut bytes.Buffer
	export.Stdout, export.Stderr = &out, &errOut
	if err := export.Run(); err != nil {
		t.Fatalf("export: %v %s", err, errOut.String())
	}
	var leads []store.Lead
	if err := json.Unmarshal(out.Bytes(), &leads); err != nil {
		t.Fatal(err)
	}
	stored := map[string]bool{}
	for _, l := range leads {
		stored[fmt.Sprint(l.ID)] = true
	}
	for id := range ids {
		if !stored[id] {
			t.Errorf("lead %s was acknowledged but is not in the export", id)
		}
	}
	t.Logf("%d acknowledged before the kill, %d stored", len(ids), len(leads))
}
