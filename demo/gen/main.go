// Command gen writes the demo datasets in the platform's wire layout:
// demo.Agency() to testdata/platform and demo.Sample() to
// testdata/platform-sample. Run it from the module root (go run ./demo/gen)
// or through go generate in demo/ (paths are then relative to demo/).
//
// Only the method folders of the layout are replaced, so a README or other
// file kept beside them survives.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/estate-agency/estate/demo"
	"github.com/estate-agency/estate/sync/wire"
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
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, job := range []struct {
		dir  string
		data *wire.Dataset
	}{
		{*out, demo.Agency()},
		{*sampleOut, demo.Sample()},
	} {
		if err := write(job.dir, job.data); err != nil {
			return err
		}
		fmt.Println("wrote", job.dir)
	}
	return nil
}

// methods are the folders of the wire layout (see wire.Dataset).
var methods = [...]string{
	wire.MethodTypeList, wire.MethodCityList, wire.MethodProperty, wire.MethodPictureList,
	wire.MethodProject, wire.MethodDeletedProperties, wire.MethodAppointments,
}

// write replaces the method folders, so files of a method the dataset no
// longer has (a stale GetProject in the sample, say) do not linger.
func write(dir string, d *wire.Dataset) error {
	for _, m := range methods {
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
