// Command gen writes the demo datasets as the platform answers them
// (platform.Dataset's layout):
// demo.Agency() to testdata/platform and demo.Sample() to
// testdata/platform-sample. Run it from the module root (go run ./demo/gen)
// or through go generate in demo/ (paths are then relative to demo/).
//
// With -synthetic N it writes demo.Synthetic(N, -langs, -seed) — N made-up
// listings per language, for benchmarks — to -out instead, and nothing else:
//
//	go run ./demo/gen -synthetic 5000 -langs nl,fr -out /tmp/platform-10k
//
// Only the files of the layout are replaced, so a README or other
// file kept beside them survives.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/estate-agency/estate/demo"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	root := moduleRoot()
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	out := fs.String("out", filepath.Join(root, "testdata", "platform"), "folder for the demo agency")
	sampleOut := fs.String("sample-out", filepath.Join(root, "testdata", "platform-sample"), "folder for the small sample")
	synthetic := fs.Int("synthetic", 0, "write `N` synthetic listings per language to -out instead of the demo agency (benchmarks)")
	langList := fs.String("langs", "nl,fr", "comma-separated `languages` of -synthetic")
	seed := fs.Int64("seed", 1, "seed of -synthetic; the same N, languages and seed give the same data")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if (set["langs"] || set["seed"]) && !set["synthetic"] {
		return errors.New("-langs and -seed only apply to -synthetic")
	}
	type job struct {
		dir  string
		data func() *platform.Dataset
	}
	jobs := []job{{*out, demo.Agency}, {*sampleOut, demo.Sample}}
	if set["synthetic"] {
		if *synthetic <= 0 {
			return fmt.Errorf("-synthetic %d: want a positive number of listings", *synthetic)
		}
		// -out defaults to the committed demo agency, which a benchmark
		// dataset must never silently replace.
		if !set["out"] {
			return errors.New("-synthetic needs -out: the default folder holds the committed demo agency")
		}
		langs, err := parseLangs(*langList)
		if err != nil {
			return err
		}
		jobs = []job{{*out, func() *platform.Dataset { return demo.Synthetic(*synthetic, langs, *seed) }}}
	}
	for _, job := range jobs {
		if err := write(job.dir, job.data()); err != nil {
			return err
		}
		fmt.Println("wrote", job.dir)
	}
	return nil
}

// parseLangs reads "nl,fr": languages the platform knows, each once.
func parseLangs(s string) ([]listing.Lang, error) {
	var langs []listing.Lang
	for part := range strings.SplitSeq(s, ",") {
		l := listing.Lang(strings.ToLower(strings.TrimSpace(part)))
		if _, ok := listing.PlatformLanguageID(l); !ok {
			return nil, fmt.Errorf("-langs: unknown language %q (want nl, fr, en or de)", part)
		}
		if slices.Contains(langs, l) {
			return nil, fmt.Errorf("-langs: %q given twice", l)
		}
		langs = append(langs, l)
	}
	return langs, nil
}

// formerFiles are files of an earlier layout: the owner histories were
// one file for every language before their texts came per language.
var formerFiles = []string{platform.MethodCalendarHistories + ".json", platform.MethodAutomaticHistories + ".json"}

// write replaces the files of the layout, so those of a method the dataset
// no longer has (a stale GetProject in the sample, say) do not linger.
func write(dir string, d *platform.Dataset) error {
	for _, m := range append(slices.Clone(platform.DatasetFiles), formerFiles...) {
		if err := os.RemoveAll(filepath.Join(dir, m)); err != nil {
			return fmt.Errorf("remove stale %s: %w", m, err)
		}
	}
	if err := d.WriteDir(dir); err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}
	return nil
}

// moduleRoot finds go.mod upwards from the working directory, so the default
// paths work from the root and from demo/ (go generate).
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}
