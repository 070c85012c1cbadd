// Package config reads the site's settings from config.yaml and ESTATE_*
// variables through a viper instance, and checks every value so a mistake is
// reported with the key that holds it.
package config

import (
	"errors"
	"fmt"
	"maps"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/robfig/cron/v3"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"
	"golang.org/x/net/http/httpguts"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// Config is the typed configuration.
type Config struct {
	Server    Server
	Storage   Storage
	Source    Source
	Sync      Sync
	Languages Languages
	Media     Media
	Log       Log
	Site      Site
	Mail      Mail
	Forms     Forms
	Search    Search
	Render    Render
	Images    Images
	// Demo serves generated demo photos and documents.
	Demo bool
	// File is the config file that was read, "" when none.
	File string
	// EnvWarnings are the ESTATE_ variables that override no key.
	EnvWarnings []EnvWarning
}

// Server is the public HTTP listener.
type Server struct {
	Addr            string        // server.addr
	BaseURL         string        // server.base_url
	ShutdownTimeout time.Duration // server.shutdown_timeout
	// TrustedProxies are the reverse proxies (IPs or CIDRs) whose
	// ClientIPHeader names the visitor's address; both empty (the default)
	// trust no header: the client address is the TCP peer's.
	TrustedProxies []string // server.trusted_proxies
	ClientIPHeader string   // server.client_ip_header, e.g. X-Forwarded-For or X-Real-IP
}

// Search bounds what one client address may ask of the search API (search.*).
type Search struct {
	// RatePerMinute and Burst bound one address's search requests; a
	// multi-query is one request.
	RatePerMinute int // search.rate_per_minute
	Burst         int // search.burst
}

// Render is the server rendering of pages (package render).
type Render struct {
	// Engine runs the UI's server bundle: "quickjs", "goja", or "off" to
	// serve every page client-rendered.
	Engine string // render.engine
	// Runtimes is the pool size; 0 means one per core.
	Runtimes int // render.runtimes
	// Timeout bounds a render, waiting for a runtime included; past it the
	// page is served client-rendered.
	Timeout time.Duration // render.timeout
}

// Images is the photo pipeline (package images): every listing, project
// and banner photo made in the pages' widths and formats on our origin.
type Images struct {
	// Enabled processes the photos, one at a time (a second at once would
	// take the visitors' core on a small server); false leaves them at the
	// platform's addresses.
	Enabled bool // images.enabled
	// MaxBytes and MaxPixels bound one source photo; FetchTimeout bounds
	// its download.
	MaxBytes     int           // images.max_bytes
	MaxPixels    int           // images.max_pixels
	FetchTimeout time.Duration // images.fetch_timeout
}

// Storage is where the database, index and caches live.
type Storage struct {
	Dir string // storage.dir
}

// DBPath is the bbolt file.
func (s Storage) DBPath() string { return filepath.Join(s.Dir, "estate.db") }

// IndexDir holds one Bleve index per language.
func (s Storage) IndexDir() string { return filepath.Join(s.Dir, "index") }

// AdminSocket is the unix socket of the running server's admin endpoint.
func (s Storage) AdminSocket() string { return filepath.Join(s.Dir, "admin.sock") }

// ImagesDir holds the photo pipeline's renditions.
func (s Storage) ImagesDir() string { return filepath.Join(s.Dir, "images") }

// CacheDir holds generated files (demo photos).
func (s Storage) CacheDir() string { return filepath.Join(s.Dir, "cache") }

// Source is where listings come from.
type Source struct {
	Kind     string // source.kind: "dir" or "platform"
	Dir      string // source.dir
	URL      string // source.url
	Customer string // source.customer
	Password string // source.password (from ESTATE_SOURCE_PASSWORD only)
	Timeout  time.Duration
	RetryMax int
	PageSize int
	// SiteID and LeadSourceID are the agency's SiteId and SourceId on the
	// platform, sent with every lead so the CRM says it came from the
	// website (source.site_id, source.lead_source_id; 0: not sent).
	SiteID       int
	LeadSourceID int
}

// Sync schedules and guards the sync runs.
type Sync struct {
	Schedule     string         // sync.schedule: incremental runs
	FullSchedule string         // sync.full_schedule: full runs ("" = never)
	Timezone     *time.Location // sync.timezone
	// MinKeepRatio refuses a full list holding fewer than this share of the
	// listings we have, e.g. 0 where 58 were: platforms fail by answering empty.
	MinKeepRatio float64
	Concurrency  int
}

// Languages are the site's languages.
type Languages struct {
	Enabled []listing.Lang
	Default listing.Lang
}

// Media configures link recognition.
type Media struct {
	TourHosts    []string // media.tour_hosts
	PartnerHosts []string // media.partner_hosts
}

// Log configures logging.
type Log struct {
	Level  string // log.level: debug, info, warn, error
	Format string // log.format: text or json
}

// KeyError is a bad configuration value; its message names the key.
type KeyError struct {
	Key string
	Err error
}

func (e *KeyError) Error() string { return "config: " + e.Key + ": " + e.Err.Error() }
func (e *KeyError) Unwrap() error { return e.Err }

// IsKeyError reports whether err is a bad configuration value (exit code 2).
func IsKeyError(err error) bool {
	var ke *KeyError
	return errors.As(err, &ke)
}

// defaultValues are every key of the plain sections with its default;
// they are also the keys the file may hold besides site.* (schema).
func defaultValues() map[string]any {
	values := map[string]any{
		"server.addr":             ":8080",
		"server.base_url":         "http://localhost:8080",
		"server.shutdown_timeout": "10s",
		"server.trusted_proxies":  []string{},
		"server.client_ip_header": "",
		"search.rate_per_minute":  300,
		"search.burst":            100,
		"storage.dir":             "data",
		"source.kind":             "dir",
		"source.dir":              "testdata/platform",
		"source.url":              "",
		"source.customer":         "",
		"source.password":         "",
		"source.timeout":          "30s",
		"source.retry_max":        4,
		"source.page_size":        100,
		"source.site_id":          0,
		"source.lead_source_id":   0,
		"sync.schedule":           "*/15 * * * *",
		"sync.full_schedule":      "30 3 * * *",
		"sync.timezone":           "Europe/Brussels",
		"sync.min_keep_ratio":     0.5,
		"sync.concurrency":        8,
		"languages.enabled":       []string{"nl", "fr"},
		"languages.default":       "nl",
		"media.tour_hosts":        []string{"matterport.com", "nodalview.com", "kuula.co"},
		"media.partner_hosts":     []string{},
		"log.level":               "info",
		"log.format":              "text",
		"demo":                    false,
		"render.engine":           "quickjs",
		"render.runtimes":         0,
		"render.timeout":          "200ms",
		"images.enabled":          true,
		"images.max_bytes":        25 << 20,
		"images.max_pixels":       60_000_000,
		"images.fetch_timeout":    "30s",
	}
	maps.Copy(values, formDefaults())
	return values
}

// Load reads file (or ./config.yaml when file is "" and it exists) into v and
// returns the checked configuration. Environment variables ESTATE_<KEY> with
// dots as underscores override the file.
func Load(v *viper.Viper, file string) (Config, error) {
	file, err := read(v, file)
	if err != nil {
		return Config{}, err
	}
	p := parser{v: v}
	cfg := p.config()
	cfg.File = file
	cfg.EnvWarnings = unknownEnv(os.Environ())
	return cfg, p.err
}

// read sets the defaults and the environment's overrides, reads the file
// (or ./config.yaml when file is "" and it exists) and checks that it
// holds only known keys; it returns the file used.
func read(v *viper.Viper, file string) (string, error) {
	for k, val := range defaultValues() {
		v.SetDefault(k, val)
	}
	v.SetEnvPrefix(strings.TrimSuffix(envPrefix, "_"))
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_"))
	v.AutomaticEnv()
	if file == "" {
		if _, err := os.Stat(defaultFile); err == nil {
			file = defaultFile
		}
	}
	var tree map[string]any
	if file != "" {
		var err error
		if tree, err = readFile(v, file); err != nil {
			return "", &KeyError{Key: "--config", Err: err}
		}
	}
	// Before the values: a misspelt key explains the default that follows.
	// AllSettings drops empty mappings and keys without a value ("sourc:",
	// "heder: {}"), so the file's own tree adds what it left out.
	settings := v.AllSettings()
	if site := v.Get("site"); site != nil {
		settings["site"] = site
	}
	addMissing(settings, tree)
	return file, checkKeys(settings)
}

// defaultFile is read when no --config is given, if it exists.
const defaultFile = "config.yaml"

// readFile gives v the file's settings and returns its tree. A YAML (or
// JSON) file is parsed here, once, rather than by viper: the tree holds
// what viper's settings leave out, and parsing the site's texts is the
// costliest part of loading. Other formats are viper's, without a tree.
func readFile(v *viper.Viper, file string) (map[string]any, error) {
	v.SetConfigFile(file)
	switch strings.ToLower(filepath.Ext(file)) {
	case ".yaml", ".yml", ".json":
	default:
		return nil, v.ReadInConfig()
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", file, err)
	}
	tree := map[string]any{}
	if err := yaml.Unmarshal(raw, &tree); err != nil {
		return nil, fmt.Errorf("parse %s: %w", file, err)
	}
	// As ReadInConfig would; it folds the keys to lower case in place.
	if err := v.MergeConfigMap(tree); err != nil {
		return nil, fmt.Errorf("read %s: %w", file, err)
	}
	return tree, nil
}

// addMissing copies into dst, at every depth, the keys of src it lacks.
func addMissing(dst, src map[string]any) {
	for k, sv := range src {
		k = strings.ToLower(k)
		dv, ok := dst[k]
		if !ok {
			dst[k] = sv
			continue
		}
		dm, dok := dv.(map[string]any)
		sm, sok := sv.(map[string]any)
		if dok && sok {
			addMissing(dm, sm)
		}
	}
}

// config reads every section.
func (p *parser) config() Config {
	var cfg Config
	cfg.Server = Server{
		Addr:            p.addr("server.addr"),
		BaseURL:         p.url("server.base_url", true),
		ShutdownTimeout: p.duration("server.shutdown_timeout"),
	}
	cfg.Server.TrustedProxies, cfg.Server.ClientIPHeader = p.proxies("server.trusted_proxies", "server.client_ip_header")
	cfg.Search = Search{
		RatePerMinute: p.intRange("search.rate_per_minute", 0, 100000),
		Burst:         p.intRange("search.burst", 1, 100000),
	}
	cfg.Storage = Storage{Dir: p.nonEmpty("storage.dir")}
	cfg.Source = Source{
		Kind:         p.oneOf("source.kind", "dir", "platform"),
		Dir:          p.raw("source.dir"),
		URL:          p.raw("source.url"),
		Customer:     p.raw("source.customer"),
		Password:     p.raw("source.password"),
		Timeout:      p.duration("source.timeout"),
		RetryMax:     p.intRange("source.retry_max", 0, 20),
		PageSize:     p.intRange("source.page_size", 1, 1000),
		SiteID:       p.intRange("source.site_id", 0, 1<<30),
		LeadSourceID: p.intRange("source.lead_source_id", 0, 1<<30),
	}
	switch cfg.Source.Kind {
	case "dir":
		p.nonEmpty("source.dir")
	case "platform":
		cfg.Source.URL = p.url("source.url", true)
		p.nonEmpty("source.customer")
		if pw := p.nonEmpty("source.password"); pw != "" && utf8.RuneCountInString(pw) < platform.MinPasswordLength {
			// Never the password itself: only how short it is.
			p.fail("source.password", "has %d characters; the platform's CustomerPassword has at least %d (set ESTATE_SOURCE_PASSWORD)",
				utf8.RuneCountInString(pw), platform.MinPasswordLength)
		}
	}
	cfg.Sync = Sync{
		Schedule:     p.cron("sync.schedule", false),
		FullSchedule: p.cron("sync.full_schedule", true),
		Timezone:     p.location("sync.timezone"),
		MinKeepRatio: p.floatRange("sync.min_keep_ratio", 0, 1),
		Concurrency:  p.intRange("sync.concurrency", 1, 64),
	}
	cfg.Languages = Languages{Enabled: p.languages("languages.enabled")}
	cfg.Languages.Default = listing.Lang(p.oneOf("languages.default", langStrings(cfg.Languages.Enabled)...))
	cfg.Media = Media{TourHosts: p.list("media.tour_hosts"), PartnerHosts: p.list("media.partner_hosts")}
	cfg.Log = Log{Level: p.oneOf("log.level", "debug", "info", "warn", "error"), Format: p.oneOf("log.format", "text", "json")}
	cfg.Demo = p.boolean("demo")
	cfg.Render = Render{
		Engine:   p.oneOf("render.engine", "quickjs", "goja", "off"),
		Runtimes: p.intRange("render.runtimes", 0, 64),
		Timeout:  p.duration("render.timeout"),
	}
	cfg.Images = Images{
		Enabled:      p.boolean("images.enabled"),
		MaxBytes:     p.intRange("images.max_bytes", 1<<10, 1<<30),
		MaxPixels:    p.intRange("images.max_pixels", 1<<10, 400_000_000),
		FetchTimeout: p.duration("images.fetch_timeout"),
	}
	cfg.Mail = p.mail()
	cfg.Site = p.site("site.routes", cfg.Languages)
	cfg.Site.Shell = p.shell(cfg.Languages.Enabled, cfg.Demo, len(cfg.Site.Routes) > 0)
	cfg.Forms = p.forms(cfg.Site.Shell.Analytics.RecaptchaSiteKey)
	return cfg
}

func langStrings(ls []listing.Lang) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = string(l)
	}
	return out
}

// parser reads typed values and keeps the first error, so Load reads
// straight through and reports the first bad key.
type parser struct {
	v   *viper.Viper
	err error
	// read are the keys read, for the test that no default goes unread.
	read map[string]bool
}

func (p *parser) fail(key string, format string, args ...any) {
	if p.err == nil {
		p.err = &KeyError{Key: key, Err: fmt.Errorf(format, args...)}
	}
}

// mark notes that key is read. It must be known: a key read without a
// default would be taken from the environment yet refused in the file.
func (p *parser) mark(key string) {
	if known.lookup(key) == nil {
		panic("config: " + key + " is read but has no default")
	}
	if p.read == nil {
		p.read = map[string]bool{}
	}
	p.read[key] = true
}

func (p *parser) raw(key string) string {
	p.mark(key)
	return p.v.GetString(key)
}

func (p *parser) str(key string) string { return strings.TrimSpace(p.raw(key)) }

func (p *parser) nonEmpty(key string) string {
	s := p.str(key)
	if s == "" {
		p.fail(key, "must not be empty")
	}
	return s
}

func (p *parser) oneOf(key string, allowed ...string) string {
	s := p.str(key)
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	p.fail(key, "%q is not one of %s", s, strings.Join(allowed, ", "))
	return s
}

func (p *parser) duration(key string) time.Duration {
	d, err := time.ParseDuration(p.str(key))
	if err != nil || d < 0 {
		p.fail(key, "%q is not a duration like 30s or 5m", p.str(key))
	}
	return d
}

func (p *parser) intRange(key string, lo, hi int) int {
	n, err := strconv.Atoi(p.str(key))
	if err != nil || n < lo || n > hi {
		p.fail(key, "%q is not a whole number from %d to %d", p.str(key), lo, hi)
	}
	return n
}

func (p *parser) floatRange(key string, lo, hi float64) float64 {
	f, err := strconv.ParseFloat(p.str(key), 64)
	if err != nil || f < lo || f > hi {
		p.fail(key, "%q is not a number from %g to %g", p.str(key), lo, hi)
	}
	return f
}

func (p *parser) boolean(key string) bool {
	b, err := strconv.ParseBool(p.str(key))
	if err != nil {
		p.fail(key, "%q is not true or false", p.str(key))
	}
	return b
}

func (p *parser) addr(key string) string {
	s := p.str(key)
	if _, port, err := net.SplitHostPort(s); err != nil || port == "" {
		p.fail(key, "%q is not a listen address like :8080 or 127.0.0.1:8080", s)
	}
	return s
}

func (p *parser) url(key string, required bool) string {
	s := p.str(key)
	if s == "" && !required {
		return s
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		p.fail(key, "%q is not an absolute http(s) URL", s)
	}
	return strings.TrimRight(s, "/")
}

// proxies reads the trusted reverse proxies (IPs or CIDRs) and the header
// they set, which go together: a header without proxies would be trusted
// from no one, proxies without a header would forward nothing.
func (p *parser) proxies(listKey, headerKey string) ([]string, string) {
	list := p.list(listKey)
	for _, s := range list {
		prefix, err := netip.ParsePrefix(s)
		if err != nil {
			addr, aerr := netip.ParseAddr(s)
			if aerr != nil {
				p.fail(listKey, "%q is not an IP address or CIDR like 10.0.0.1 or 10.0.0.0/8", s)
				continue
			}
			prefix = netip.PrefixFrom(addr, addr.BitLen())
		}
		if prefix.Bits() == 0 {
			p.fail(listKey, "%q trusts every address: any visitor could then choose the address the limits see", s)
		}
	}
	header := p.str(headerKey)
	switch {
	case header != "" && !httpguts.ValidHeaderFieldName(header):
		p.fail(headerKey, "%q is not a header name like X-Forwarded-For or X-Real-IP", header)
	case header != "" && len(list) == 0:
		p.fail(listKey, "must list the proxies that set %s (%s)", headerKey, header)
	case header == "" && len(list) > 0:
		p.fail(headerKey, "must name the header the proxies of %s set, e.g. X-Forwarded-For or X-Real-IP", listKey)
	}
	return list, header
}

func (p *parser) cron(key string, optional bool) string {
	s := p.str(key)
	if s == "" && optional {
		return s
	}
	if _, err := cron.ParseStandard(s); err != nil {
		p.fail(key, "%q is not a cron schedule: %v", s, err)
	}
	return s
}

func (p *parser) location(key string) *time.Location {
	loc, err := time.LoadLocation(p.str(key))
	if err != nil || p.str(key) == "" {
		p.fail(key, "%q is not a time zone like Europe/Brussels", p.str(key))
		return time.UTC
	}
	return loc
}

// list reads a YAML list or a comma/space-separated string (as env variables give).
func (p *parser) list(key string) []string {
	var out []string
	p.mark(key)
	for _, item := range p.v.GetStringSlice(key) {
		for _, part := range strings.FieldsFunc(item, func(r rune) bool { return r == ',' || r == ' ' }) {
			out = append(out, strings.TrimSpace(part))
		}
	}
	return out
}

func (p *parser) languages(key string) []listing.Lang {
	var out []listing.Lang
	seen := map[string]bool{}
	for _, s := range p.list(key) {
		s = strings.ToLower(s)
		if _, ok := listing.PlatformLanguageID(listing.Lang(s)); !ok {
			p.fail(key, "%q is not a supported language (nl, fr, en, de)", s)
			continue
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, listing.Lang(s))
		}
	}
	if len(out) == 0 {
		p.fail(key, "at least one language must be enabled")
	}
	return out
}
