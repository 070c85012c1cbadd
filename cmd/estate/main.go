// Command estate serves a real-estate agency's website and keeps its
// listings in sync with the agency's listing platform.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	_ "time/tzdata" // the schedule's time zone must resolve on hosts without zoneinfo

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/estate-agency/estate/config"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit code. SIGINT and
// SIGTERM cancel the command's context (serve then shuts down gracefully).
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return runContext(ctx, args, stdout, stderr)
}

// usageError marks a bad command line (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(stderr, "estate:", err)
	var ue usageError
	if config.IsKeyError(err) || errors.As(err, &ue) || strings.HasPrefix(err.Error(), "unknown command") {
		return exitUsage
	}
	return exitFailure
}

// cli holds what every command shares: the config file flag and the loaded
// configuration.
type cli struct {
	stdout, stderr io.Writer
	configFile     string
	// envWarned is set once the unknown ESTATE_ variables are logged:
	// some commands load the configuration twice.
	envWarned bool
}

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	c := &cli{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:           "estate",
		Short:         "A real-estate agency website that mirrors the agency's listing platform",
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          wrapArgs(cobra.NoArgs),
		RunE:          func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	root.PersistentFlags().StringVar(&c.configFile, "config", "", "config file (default ./config.yaml)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(c.serveCmd(), c.syncCmd(), c.reindexCmd(), c.statusCmd(), c.complianceCmd(), c.leadsCmd(), c.testimonialsCmd(), c.ownerCmd(), c.alertsCmd(), c.platformCmd(), c.versionCmd())
	for _, sub := range root.Commands() {
		sub.Args = wrapArgs(sub.Args)
	}
	return root
}

func wrapArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	if check == nil {
		check = cobra.NoArgs
	}
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

// load reads the configuration and builds the logger. Variables that
// override no key are only warned about: other tools share the prefix.
func (c *cli) load() (config.Config, *slog.Logger, error) {
	cfg, err := config.Load(viper.New(), c.configFile)
	if err != nil {
		return cfg, nil, err
	}
	log := newLogger(cfg.Log, c.stderr)
	if !c.envWarned {
		c.envWarned = true
		for _, w := range cfg.EnvWarnings {
			attrs := []any{"var", w.Name}
			if w.Suggestion != "" {
				attrs = append(attrs, "did_you_mean", w.Suggestion)
			}
			log.Warn("environment variable overrides no configuration key; ignored", attrs...)
		}
	}
	return cfg, log, nil
}

func newLogger(l config.Log, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(l.Level))
	opts := &slog.HandlerOptions{Level: level}
	if l.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func (c *cli) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		RunE: func(cmd *cobra.Command, _ []string) error {
			v := version
			if info, ok := debug.ReadBuildInfo(); ok {
				for _, s := range info.Settings {
					if s.Key == "vcs.revision" && len(s.Value) >= 12 {
						v += " (" + s.Value[:12] + ")"
					}
				}
			}
			fmt.Fprintln(c.stdout, "estate", v)
			return nil
		},
	}
}

// printJSON writes v to stdout as indented JSON.
func (c *cli) printJSON(v any) error {
	enc := json.NewEncoder(c.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// table starts a table on stdout with its header row (columns separated by
// tabs); the caller writes the rows and flushes it.
func (c *cli) table(header string) *tabwriter.Writer {
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, header)
	return tw
}

// parseID reads a command's ID argument; what names the thing it identifies.
func parseID(arg, what string) (uint64, error) {
	id, err := strconv.ParseUint(arg, 10, 64)
	if err != nil {
		return 0, usageError{fmt.Errorf("the %s id must be a number, not %q", what, arg)}
	}
	return id, nil
}
