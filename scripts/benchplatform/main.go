// Command benchplatform serves a dataset folder (platform.Dataset's layout,
// as demo/gen writes it) as the agency's listing platform over loopback
// HTTP, with platform/fakeplatform, so scripts/bench-serve.sh can measure `estate serve`
// with the production platform client instead of the dir source (which keeps
// the whole dataset in the server's memory).
//
//	go run ./scripts/benchplatform -dir /tmp/platform -addr 127.0.0.1:0 -customer bench -password bench
//
// It prints the base URL on stdout once it listens and serves until SIGINT
// or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "benchplatform:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("benchplatform", flag.ContinueOnError)
	dir := fs.String("dir", "", "dataset folder in platform.Dataset's layout (required)")
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on")
	customer := fs.String("customer", "bench", "CustomerName the fake accepts")
	password := fs.String("password", "bench-password", "CustomerPassword the fake accepts")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("-dir is required")
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return fmt.Errorf("-addr: %w", err)
	}
	// A benchmark helper with a password it prints must never be reachable
	// from another machine.
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-addr %s: only a loopback IP is allowed", *addr)
	}
	ds, err := platform.LoadDir(*dir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: fakeplatform.New(ds, *customer, *password), ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("http://%s/1.12/OmnicasaService.svc\n", ln.Addr())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}
