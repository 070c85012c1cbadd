package config

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/agnivade/levenshtein"
)

// schema is the shape of the configuration: which keys a mapping may
// hold. It comes from the defaults (every key of the plain sections has
// one) and from the Site type's mapstructure tags, so a key added to
// either is known without a second list to keep.
type schema struct {
	keys   map[string]*schema // a section: these keys and no other
	list   *schema            // a list of these
	values *schema            // a mapping keyed by the writer (languages, names): any key, values of this shape
}

// known is the schema of the whole file.
var known = func() *schema {
	root := &schema{keys: map[string]*schema{}}
	for key := range defaultValues() {
		node := root
		for _, part := range strings.Split(key, ".") {
			if node.keys == nil {
				node.keys = map[string]*schema{}
			}
			if node.keys[part] == nil {
				node.keys[part] = &schema{}
			}
			node = node.keys[part]
		}
	}
	root.keys["site"] = schemaOf(reflect.TypeFor[Site](), map[reflect.Type]*schema{})
	return root
}()

// schemaOf reads a type as mapstructure decodes it: a struct's keys are
// its fields' tags (or names), squashed fields lend theirs. seen breaks
// the recursion of types that hold themselves (Condition).
func schemaOf(t reflect.Type, seen map[reflect.Type]*schema) *schema {
	if s, ok := seen[t]; ok {
		return s
	}
	s := &schema{}
	seen[t] = s
	switch t.Kind() {
	case reflect.Pointer:
		*s = *schemaOf(t.Elem(), seen)
	case reflect.Slice, reflect.Array:
		s.list = schemaOf(t.Elem(), seen)
	case reflect.Map:
		s.values = schemaOf(t.Elem(), seen)
	case reflect.Struct:
		s.keys = map[string]*schema{}
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("mapstructure"), ",")
			switch {
			case name == "-" || !f.IsExported():
			case opts == "squash":
				maps.Copy(s.keys, schemaOf(f.Type, seen).keys)
			default:
				if name == "" {
					name = strings.ToLower(f.Name)
				}
				s.keys[name] = schemaOf(f.Type, seen)
			}
		}
	}
	return s
}

// lookup finds the schema of a dotted key ("mail.retry.max"), nil when
// the key is not known.
func (s *schema) lookup(key string) *schema {
	node := s
	for _, part := range strings.Split(key, ".") {
		if node = node.keys[part]; node == nil {
			return nil
		}
	}
	return node
}

// checkKeys walks the settings and reports every key the schema does not
// know, each naming its full path.
func checkKeys(settings map[string]any) error {
	var errs []error
	known.check("", settings, &errs)
	return errors.Join(errs...)
}

func (s *schema) check(path string, v any, errs *[]error) {
	if v == nil {
		return
	}
	switch {
	case s.keys != nil:
		m, ok := lowerKeys(v)
		if !ok {
			*errs = append(*errs, &KeyError{Key: path, Err: fmt.Errorf("must be a mapping of %s", strings.Join(slices.Sorted(maps.Keys(s.keys)), ", "))})
			return
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			child, ok := s.keys[k]
			if !ok {
				*errs = append(*errs, unknownKey(path, k, s))
				continue
			}
			child.check(joinKey(path, k), m[k], errs)
		}
	case s.values != nil:
		m, _ := lowerKeys(v)
		for _, k := range slices.Sorted(maps.Keys(m)) {
			s.values.check(joinKey(path, k), m[k], errs)
		}
	case s.list != nil:
		items, _ := v.([]any)
		for i, item := range items {
			s.list.check(fmt.Sprintf("%s[%d]", path, i), item, errs)
		}
	}
}

func joinKey(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// unknownKey names the key and the known one it most likely meant: a
// sibling a typo or two away, or else a key of that name elsewhere (addr
// written at the top instead of under server).
func unknownKey(path, key string, parent *schema) error {
	full := joinKey(path, key)
	var guesses []string
	for _, k := range closest(key, slices.Collect(maps.Keys(parent.keys))) {
		guesses = append(guesses, joinKey(path, k))
	}
	if len(guesses) == 0 {
		guesses = known.named(key, "")
	}
	if len(guesses) > 0 {
		return &KeyError{Key: full, Err: fmt.Errorf("unknown key, did you mean %s?", strings.Join(guesses, " or "))}
	}
	return &KeyError{Key: full, Err: fmt.Errorf("unknown key (known here: %s)", strings.Join(slices.Sorted(maps.Keys(parent.keys)), ", "))}
}

// closest returns the candidates nearest to word, if they are near enough
// to be a typo: one edit in a short word, else a third of its letters and
// at least two (a swap of two letters, titel for title, is two edits).
func closest(word string, candidates []string) []string {
	best := 1
	if len(word) > 3 {
		best = max(2, len(word)/3)
	}
	var out []string
	for _, c := range candidates {
		d := levenshtein.ComputeDistance(word, c)
		switch {
		case d > best:
		case d < best || out == nil:
			best, out = d, []string{c}
		case d == best:
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

// named lists the full paths of the section keys called name (lists and
// free mappings are not descended: their keys are the writer's).
func (s *schema) named(name, path string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(s.keys)) {
		full := joinKey(path, k)
		if k == name && path != "" {
			out = append(out, full)
		}
		out = append(out, s.keys[k].named(name, full)...)
	}
	return out
}

// envPrefix starts the variables that override keys.
const envPrefix = "ESTATE_"

// EnvWarning is an ESTATE_ variable that names no key: the server starts
// all the same, since other tools share the prefix (ESTATE_URL,
// ESTATE_BIN of the scripts), but a misspelt override is worth a line.
type EnvWarning struct {
	Name string
	// Suggestion is the variable of the closest key, "" when none is close.
	Suggestion string
}

// unknownEnv lists the ESTATE_ variables of environ that override no key.
// Only the keys with a default can be overridden: site.* is read whole from the file.
func unknownEnv(environ []string) []EnvWarning {
	var keys []string
	for key := range defaultValues() {
		keys = append(keys, strings.ToUpper(strings.ReplaceAll(key, ".", "_")))
	}
	var out []EnvWarning
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		key, ok := strings.CutPrefix(name, envPrefix)
		if !ok || slices.Contains(keys, key) {
			continue
		}
		w := EnvWarning{Name: name}
		if c := closest(key, keys); len(c) > 0 {
			w.Suggestion = envPrefix + c[0]
		}
		out = append(out, w)
	}
	slices.SortFunc(out, func(a, b EnvWarning) int { return strings.Compare(a.Name, b.Name) })
	return out
}
