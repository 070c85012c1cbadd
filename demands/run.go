package demands

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/estate-agency/estate/alerts"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
)

// MaxPerMail is how many listings one alert mail shows at most.
const MaxPerMail = mail.MaxAlertItems

// DigestSpec is when daily digests go out: 08:00 in the agency's time zone
// (the scheduler's).
const DigestSpec = "0 8 * * *"

// Notify asks for an alert run (after a sync); it never blocks.
func (s *Service) Notify() {
	select {
	case s.notify <- struct{}{}:
	default:
	}
}

// Run checks for alerts when notified, until ctx ends. It checks once at
// start: changes synced while no server ran (estate sync on its own) are
// found then. The digests are the scheduler's job (SendDailyDigests).
func (s *Service) Run(ctx context.Context) {
	s.Notify()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.notify:
			if r, err := s.Check(); err != nil {
				s.opt.Log.Error("demands: alert run", "err", err)
			} else if r.Changes > 0 {
				s.opt.Log.Info("demands: alert run", "changes", r.Changes, "accounts", r.Accounts, "mails", r.Mails, "digest_items", r.DigestItems)
			}
		}
	}
}

// SendDailyDigests queues the day's digests and logs what it did: the job
// the scheduler runs at DigestSpec.
func (s *Service) SendDailyDigests(context.Context) {
	if n, err := s.SendDigests(); err != nil {
		s.opt.Log.Error("demands: daily digests", "err", err)
	} else if n > 0 {
		s.opt.Log.Info("demands: daily digests", "mails", n)
	}
}

// Report is what an alert run did.
type Report struct {
	Changes     int // listing changes found since the last run
	Accounts    int // accounts alerted
	Mails       int // mails queued now
	DigestItems int // listings kept for daily digests
}

// Check compares the listings with the last snapshot, matches the changes
// against every active demand and queues what was not alerted before. The
// first run only takes the snapshot: the listings that were there already
// are nobody's news.
func (s *Service) Check() (Report, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var r Report
	if err := s.resolveStoredTowns(); err != nil {
		s.opt.Log.Error("demands: town names among stored postcodes", "err", err)
	}
	after, raw, err := s.current()
	if err != nil {
		return r, err
	}
	prev, ok, err := s.opt.Store.AlertSnapshot()
	if err != nil {
		return r, fmt.Errorf("demands: read snapshot: %w", err)
	}
	if !ok && len(after) == 0 {
		// Nothing synced yet: an empty first snapshot would make every
		// listing of the first sync news.
		return r, nil
	}
	if ok {
		before := make(map[int]alerts.Listing, len(prev))
		for id, v := range prev {
			var l alerts.Listing
			if json.Unmarshal(v, &l) == nil {
				before[id] = l
			}
		}
		changes := alerts.Diff(before, after)
		r.Changes = len(changes)
		if len(changes) > 0 {
			if err := s.alert(changes, &r); err != nil {
				return r, err
			}
		}
	}
	if err := s.opt.Store.SaveAlertSnapshot(raw); err != nil {
		return r, fmt.Errorf("demands: save snapshot: %w", err)
	}
	return r, nil
}

// resolveStoredTowns writes the town names that stored criteria hold
// among their postcodes (demands saved before postcodes were checked, e.g.
// "Bertrix") as those towns' postcodes, so alerts match them. A name no
// town has stays as it is: the search profile shows it, and saving it is
// refused with the name, for the person to correct.
func (s *Service) resolveStoredTowns() error {
	all, err := s.opt.Store.Accounts()
	if err != nil {
		return fmt.Errorf("read accounts: %w", err)
	}
	for _, a := range all {
		if a.Kind != "searcher" || a.Demand == nil {
			continue
		}
		var c alerts.Criteria
		if json.Unmarshal(a.Demand.Criteria, &c) != nil {
			continue
		}
		zips := make([]string, 0, len(c.Zips))
		for _, z := range c.Zips {
			if _, ok := s.opt.Texts.Postcode(z); ok {
				zips = append(zips, z)
				continue
			}
			got, p, err := s.opt.Texts.ResolveTowns([]string{z}, s.opt.Store)
			if err != nil {
				return err
			}
			if p != nil {
				got = []string{z}
			}
			zips = append(zips, got...)
		}
		if slices.Equal(zips, c.Zips) {
			continue
		}
		c.Zips = zips
		c.Normalize()
		clean, err := json.Marshal(c)
		if err != nil {
			return fmt.Errorf("encode criteria of account %d: %w", a.ID, err)
		}
		read := a.Demand.Criteria
		if _, err := s.opt.Store.UpdateAccount(a.ID, func(acc *store.Account) error {
			// Saved meanwhile from the search profile: that save checked them.
			if acc.Demand != nil && bytes.Equal(acc.Demand.Criteria, read) {
				acc.Demand.Criteria = clean
			}
			return nil
		}); err != nil {
			return fmt.Errorf("update account %d: %w", a.ID, err)
		}
		s.opt.Log.Info("demands: town names of a search written as their postcodes", "account", a.ID)
	}
	return nil
}

// current reads the active listings as matching sees them. It walks the
// store rather than reading every listing through its cache, which would
// push out what visitors' searches keep there.
func (s *Service) current() (map[int]alerts.Listing, map[int]json.RawMessage, error) {
	lang := s.opt.Language
	parents, err := s.parents(lang)
	if err != nil {
		return nil, nil, err
	}
	out := map[int]alerts.Listing{}
	raw := map[int]json.RawMessage{}
	err = s.opt.Store.EachActiveProperty(lang, func(p listing.Property) error {
		l := alerts.FromProperty(p, parents)
		out[p.ID] = l
		var err error
		if raw[p.ID], err = json.Marshal(l); err != nil {
			return fmt.Errorf("encode listing %d: %w", p.ID, err)
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("demands: read listings: %w", err)
	}
	return out, raw, nil
}

func (s *Service) parents(lang listing.Lang) (map[int]int, error) {
	types, err := s.opt.Store.Types(lang)
	if err != nil {
		return nil, fmt.Errorf("demands: read types: %w", err)
	}
	parents := make(map[int]int, len(types))
	for _, t := range types {
		parents[t.ID] = t.ParentID
	}
	return parents, nil
}

// activeDemands are the accounts alerts go to, with their criteria.
func (s *Service) activeDemands() ([]alerts.Demand, map[uint64]store.Account, error) {
	all, err := s.opt.Store.Accounts()
	if err != nil {
		return nil, nil, fmt.Errorf("demands: read accounts: %w", err)
	}
	var ds []alerts.Demand
	byID := map[uint64]store.Account{}
	for _, a := range all {
		if a.Kind != "searcher" || !a.Demand.Active() {
			continue
		}
		var c alerts.Criteria
		if err := json.Unmarshal(a.Demand.Criteria, &c); err != nil {
			s.opt.Log.Error("demands: criteria unreadable", "account", a.ID, "err", err)
			continue
		}
		ds = append(ds, alerts.Demand{ID: a.ID, Criteria: c})
		byID[a.ID] = a
	}
	return ds, byID, nil
}

func (s *Service) alert(changes []alerts.Change, r *Report) error {
	ds, accounts, err := s.activeDemands()
	if err != nil {
		return err
	}
	matched := alerts.NewMatcher(ds).Match(changes)
	ids := make([]uint64, 0, len(matched))
	for id := range matched {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	now := s.opt.Now()
	for _, id := range ids {
		a := accounts[id]
		byKey := map[string]alerts.Change{}
		keys := make([]string, 0, len(matched[id]))
		for _, c := range matched[id] {
			byKey[c.Key()] = c
			keys = append(keys, c.Key())
		}
		fresh, err := s.opt.Store.Unalerted(id, keys)
		if err != nil {
			return fmt.Errorf("demands: read alerted: %w", err)
		}
		if len(fresh) == 0 {
			continue
		}
		lang := s.langOf(a)
		items := make([]mail.AlertItem, 0, len(fresh))
		for _, k := range fresh {
			item, err := s.item(byKey[k], lang)
			if err != nil {
				s.opt.Log.Error("demands: alert item", "listing", byKey[k].Listing.ID, "err", err)
				continue
			}
			items = append(items, item)
		}
		var mails []json.RawMessage
		digest := map[string]json.RawMessage{}
		if a.Demand.Frequency == Daily {
			for i, k := range fresh {
				if i < len(items) {
					if digest[k], err = json.Marshal(items[i]); err != nil {
						return fmt.Errorf("demands: encode digest item: %w", err)
					}
				}
			}
			r.DigestItems += len(digest)
		} else if mails, err = s.mails(a, lang, items, false); err != nil {
			return err
		}
		if err := s.opt.Store.AlertQueued(id, fresh, mails, digest, now); err != nil {
			return fmt.Errorf("demands: queue alerts: %w", err)
		}
		r.Accounts++
		r.Mails += len(mails)
	}
	if r.Mails > 0 && s.opt.Wake != nil {
		s.opt.Wake()
	}
	return nil
}

func (s *Service) langOf(a store.Account) listing.Lang {
	if a.Lang != "" {
		return listing.Lang(a.Lang)
	}
	return s.opt.Language
}

// item is what an alert mail shows of a change, in lang.
func (s *Service) item(c alerts.Change, lang listing.Lang) (mail.AlertItem, error) {
	p, err := s.opt.Store.Property(lang, c.Listing.ID)
	if err != nil {
		return mail.AlertItem{}, err
	}
	it := mail.AlertItem{
		Kind: string(c.Kind), Title: p.Type, City: p.Address.City,
		PriceText: listing.PriceText(p.Price, p.Goal, lang), URL: s.opt.Links.Property(p, lang),
	}
	if c.Kind == alerts.PriceDrop && c.OldPrice > 0 {
		old := p.Price
		old.Amount, old.Published = float64(c.OldPrice), true
		it.OldPriceText = listing.PriceText(old, p.Goal, lang)
	}
	if t := p.Media.Thumbnail(); t != nil {
		// A site path: the mail makes it absolute, as every link it carries.
		it.PhotoURL, it.PhotoWidth, it.PhotoHeight = t.URL, t.Width, t.Height
	}
	return it, nil
}

// mails are the alert mails of items for an account, MaxPerMail each.
func (s *Service) mails(a store.Account, lang listing.Lang, items []mail.AlertItem, digest bool) ([]json.RawMessage, error) {
	token := s.UnsubscribeToken(a.ID)
	view := mail.AlertView{
		Agency: s.opt.Agency, Digest: digest,
		AccountURL:     s.opt.Links.Page("/my-search/", lang),
		UnsubscribeURL: s.opt.Links.Page("/unsubscribe/", lang) + "#token=" + token,
	}
	oneClick := s.opt.Links.Base + "/api/alerts/unsubscribe?token=" + token + "&lang=" + string(lang)
	var out []json.RawMessage
	for start := 0; start < len(items); start += MaxPerMail {
		view.Items = items[start:min(start+MaxPerMail, len(items))]
		subject, text, html, err := mail.RenderAlert(string(lang), view)
		if err != nil {
			return nil, fmt.Errorf("demands: render alert: %w", err)
		}
		raw, err := json.Marshal(mail.Message{
			To: mail.Address{Name: a.Name, Email: a.Email}, Subject: subject, Text: text, HTML: html,
			// RFC 8058: mail providers offer a one-click unsubscribe that
			// POSTs to this address.
			Headers: map[string]string{"List-Unsubscribe": "<" + oneClick + ">", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
		})
		if err != nil {
			return nil, fmt.Errorf("demands: encode alert: %w", err)
		}
		out = append(out, raw)
	}
	return out, nil
}

// SendDigests queues the daily digest of every account with pending
// items; an account paused or unsubscribed meanwhile gets none.
func (s *Service) SendDigests() (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	pending, err := s.opt.Store.Digests()
	if err != nil {
		return 0, fmt.Errorf("demands: read digests: %w", err)
	}
	n := 0
	for id, raws := range pending {
		a, err := s.opt.Store.Account(id)
		if err != nil {
			s.opt.Log.Error("demands: digest account", "account", id, "err", err)
			continue
		}
		var mails []json.RawMessage
		if a.Demand.Active() {
			items := make([]mail.AlertItem, 0, len(raws))
			for _, raw := range raws {
				var it mail.AlertItem
				if json.Unmarshal(raw, &it) == nil {
					items = append(items, it)
				}
			}
			if mails, err = s.mails(a, s.langOf(a), items, true); err != nil {
				return n, err
			}
		}
		if err := s.opt.Store.DigestSent(id, mails, s.opt.Now()); err != nil {
			return n, fmt.Errorf("demands: queue digest: %w", err)
		}
		n += len(mails)
	}
	if n > 0 && s.opt.Wake != nil {
		s.opt.Wake()
	}
	return n, nil
}

// Preview is what an account would receive now: the active listings that
// match its criteria, newest first, as the mails would carry them.
type Preview struct {
	Account  store.Account
	Active   bool // alerts go out (not paused or unsubscribed)
	Matches  int
	Subject  string
	Text     string
	Listings []mail.AlertItem
}

// PreviewFor builds the preview of the account with that email.
func (s *Service) PreviewFor(email string) (Preview, error) {
	a, err := s.opt.Store.AccountByEmail(email)
	if err != nil {
		return Preview{}, err
	}
	if a.Kind != "searcher" || a.Demand == nil {
		return Preview{}, fmt.Errorf("%w: no search demand for %s", store.ErrNotFound, email)
	}
	var c alerts.Criteria
	if err := json.Unmarshal(a.Demand.Criteria, &c); err != nil {
		return Preview{}, fmt.Errorf("demands: criteria of %s: %w", email, err)
	}
	cur, _, err := s.current()
	if err != nil {
		return Preview{}, err
	}
	var ids []int
	for id, l := range cur {
		if alerts.Match(c, l) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	slices.Reverse(ids) // higher ids are the newer listings
	lang := s.langOf(a)
	p := Preview{Account: a, Active: a.Demand.Active(), Matches: len(ids)}
	for _, id := range ids[:min(len(ids), MaxPerMail)] {
		it, err := s.item(alerts.Change{Kind: alerts.New, Listing: cur[id]}, lang)
		if err != nil {
			return p, err
		}
		p.Listings = append(p.Listings, it)
	}
	if len(p.Listings) > 0 {
		// The very mail an alert run would queue.
		mails, err := s.mails(a, lang, p.Listings, false)
		if err != nil {
			return p, err
		}
		var m mail.Message
		if err := json.Unmarshal(mails[0], &m); err != nil {
			return p, fmt.Errorf("demands: read preview: %w", err)
		}
		p.Subject, p.Text = m.Subject, m.Text
	}
	return p, nil
}
