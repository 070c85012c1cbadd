package platform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// Report is what one call of a check found.
type Report struct {
	Method string       `json:"method"`
	Lang   listing.Lang `json:"lang,omitempty"`
	// Needed: the site cannot sync without this method. A picture list is
	// needed only when a record embeds no photos.
	Needed bool   `json:"needed"`
	OK     bool   `json:"ok"`
	Error  string `json:"error,omitempty"`
	// Skipped says why the method was not called (nothing to ask about).
	Skipped string `json:"skipped,omitempty"`
	Rows    int    `json:"rows"`
	// Mapped are the fields of the records that the site reads, Ignored
	// those it does not know (with how many records had each), Missing
	// those it expects that no record had.
	Mapped  []string       `json:"mapped,omitempty"`
	Ignored map[string]int `json:"ignored,omitempty"`
	Missing []string       `json:"missing,omitempty"`
	// Bad are the records that did not decode, as the sync would
	// quarantine them.
	Bad []BadRecord `json:"bad,omitempty"`
}

// Result is the report's outcome in a word.
func (r Report) Result() string {
	switch {
	case r.Skipped != "":
		return "not asked"
	case r.OK && len(r.Missing)+len(r.Bad) > 0:
		return "answered, see below"
	case r.OK:
		return "ok"
	case r.Needed:
		return "FAILED"
	}
	return "failed, not needed"
}

// Failed reports a needed method that did not answer.
func (r Report) Failed() bool { return r.Needed && !r.OK && r.Skipped == "" }

// CheckOptions say what a check asks.
type CheckOptions struct {
	Langs []listing.Lang
	// Limit is how many rows each list is asked for, and so how many
	// properties and projects the details and pictures are asked of; 0
	// reads every row.
	Limit int
}

// expected are the fields the site needs of each record: a platform that
// leaves one out answers a different format than the public clients read.
var expected = map[string][]string{
	MethodWebCategories:    {"ID", "WebID", "Name", "Sale", "Rent"},
	MethodTypes:            {"ID", "Name", "WebID", "ParentID"},
	MethodPropertyList:     {"ID", "Ident", "Status", "Goal", "WebID", "TypeDescription", "Zip", "City", "Price", "PublishPrice", "PublishAddress", "LastChangedDate"},
	MethodPropertiesByIDs:  {"ID", "Ident", "Status", "Goal", "Zip", "City", "Price", "DescriptionA", "DescriptionB", "LastChangedDate"},
	MethodPropertyPictures: {"ID", "Url"},
	MethodProjectList:      {"ID", "Name", "PublishInternet"},
	MethodProject:          {"ID", "Name", "Zip", "City"},
	MethodProjectPictures:  {"ID", "Url"},
	MethodAppointments:     {"ID", "StartDate", "EndDate"},
	MethodDocumentList:     {"ID", "ObjectID", "Name", "Url", "Publish"}, // our reading (documents.go), not a source's
}

// Check calls every method the site uses once per language (the deleted ids
// once), with small limits, and reports per method what the platform
// answered, measured against what the site reads: what an agency runs
// first. The answers come back as a dataset (personal data redacted) that
// the dir source replays.
func (c *Client) Check(ctx context.Context, opt CheckOptions) ([]Report, *Dataset) {
	ds := &Dataset{Langs: map[listing.Lang]*LangData{}}
	var reports []Report
	for _, lang := range opt.Langs {
		ld := &LangData{PropertyPictures: map[int][]json.RawMessage{}, ProjectPictures: map[int][]json.RawMessage{}}
		ds.Langs[lang] = ld
		list := func(method string, p Params, into *[]json.RawMessage, decode func([]json.RawMessage) Report) {
			items, err := c.pages(ctx, method, lang, p, opt.Limit)
			r := decode(items)
			r.Method, r.Lang, r.Needed = method, lang, true
			finish(&r, err)
			reports = append(reports, r)
			*into = items
		}
		list(MethodWebCategories, Params{}, &ld.WebCategories, reportOf[WebCategory](MethodWebCategories))
		list(MethodTypes, Params{}, &ld.Types, reportOf[TypeOfProperty](MethodTypes))
		list(MethodPropertyList, Params{DescriptionLanguageId: descriptionLanguage(lang)}, &ld.Properties, reportOf[Property](MethodPropertyList))
		ids := idsOf(ld.Properties)

		details := Report{Method: MethodPropertiesByIDs, Lang: lang, Needed: true}
		var detailErr error
		if len(ids) == 0 {
			details.Skipped = "no property listed"
		} else {
			rows, err := c.Properties(ctx, lang, ids)
			detailErr = err
			ld.Details = rows.Raw
			details = merged(details, reportOf[Property](MethodPropertiesByIDs)(rows.Raw))
			details.Bad = rows.Bad
		}
		finish(&details, detailErr)
		reports = append(reports, details)

		// The pictures of every listed property that embeds none, and of
		// the first one in any case, so the report says what the list holds.
		pics := Report{Method: MethodPropertyPictures, Lang: lang}
		var picErr error
		for i, raw := range mergedRecords(ld.Properties, ld.Details) {
			var p Property
			_ = json.Unmarshal(raw, &p)
			if p.ID <= 0 || (p.Embedded() && i > 0) {
				continue
			}
			pics.Needed = pics.Needed || !p.Embedded()
			items, err := c.pages(ctx, MethodPropertyPictures, lang, Params{ObjectID: int(p.ID)}, opt.Limit)
			if err != nil {
				picErr = err
				break
			}
			ld.PropertyPictures[int(p.ID)] = items
			pics = merged(pics, reportOf[ListedPicture](MethodPropertyPictures)(items))
		}
		if len(ids) == 0 {
			pics.Skipped = "no property listed"
		}
		finish(&pics, picErr)
		reports = append(reports, pics, c.checkDocuments(ctx, lang, ld, ids, opt.Limit))

		list(MethodProjectList, Params{DescriptionLanguageId: descriptionLanguage(lang)}, &ld.Projects, reportOf[ProjectRow](MethodProjectList))
		project := Report{Method: MethodProject, Lang: lang, Needed: true}
		projectPics := Report{Method: MethodProjectPictures, Lang: lang}
		var projectErr, projectPicErr error
		for i, id := range idsOf(ld.Projects) {
			rows, err := c.Project(ctx, lang, id)
			if err != nil {
				projectErr = err
				break
			}
			ld.ProjectDetails = append(ld.ProjectDetails, rows.Raw...)
			project = merged(project, reportOf[Project](MethodProject)(rows.Raw))
			project.Bad = append(project.Bad, rows.Bad...)
			var p Project
			if len(rows.Items) > 0 {
				p = rows.Items[0]
			}
			if p.Embedded() && i > 0 {
				continue
			}
			projectPics.Needed = projectPics.Needed || !p.Embedded()
			items, err := c.pages(ctx, MethodProjectPictures, lang, Params{ProjectID: id}, opt.Limit)
			if err != nil {
				projectPicErr = err
				continue
			}
			ld.ProjectPictures[id] = items
			projectPics = merged(projectPics, reportOf[ListedPicture](MethodProjectPictures)(items))
		}
		switch {
		case len(ld.Projects) == 0:
			project.Skipped, projectPics.Skipped = "no project listed", "no project listed"
		case projectErr != nil && projectPics.Rows == 0 && projectPicErr == nil:
			projectPics.Skipped = "GetProject failed"
		}
		finish(&project, projectErr)
		finish(&projectPics, projectPicErr)
		reports = append(reports, project, projectPics)

		appts, err := c.single(ctx, MethodAppointments, lang, Params{})
		if Refused(err) && len(ids) > 0 {
			// The sync then asks property by property, as fw4 does.
			appts, err = c.single(ctx, MethodAppointments, lang, Params{ObjectID: ids[0]})
		}
		r := reportOf[Appointment](MethodAppointments)(appts)
		r.Method, r.Lang, r.Needed = MethodAppointments, lang, true
		finish(&r, err)
		ld.Appointments = appts
		reports = append(reports, r)
	}

	deleted, err := c.single(ctx, MethodDeletedProperties, noLanguage, Params{})
	r := Report{Method: MethodDeletedProperties, Needed: true, Rows: len(deleted)}
	if err == nil {
		_, err = DeletedIDs(MethodDeletedProperties, deleted)
	}
	finish(&r, err)
	ds.DeletedProperties = deleted
	reports = append(reports, r)
	reports = append(reports, c.checkOwner(ctx, opt, ds)...) // check_owner.go
	reports = append(reports, c.checkPeople(ctx)...)         // check_writes.go
	redactDataset(ds)
	return reports, ds
}

func finish(r *Report, err error) {
	switch {
	case err != nil:
		r.Error = err.Error()
	case r.Skipped == "":
		r.OK = true
	}
}

// pages reads a paged list: its first limit rows, or all of them.
func (c *Client) pages(ctx context.Context, method string, lang listing.Lang, p Params, limit int) ([]json.RawMessage, error) {
	if limit <= 0 {
		return c.paged(ctx, method, lang, p, false)
	}
	p.Limit1, p.Limit2 = 1, limit
	v, err := c.Call(ctx, method, lang, p)
	if err != nil {
		return nil, err
	}
	items, _, _, err := decodeList(method, v)
	if err == nil && len(items) > limit {
		items = items[:limit] // a platform that ignored the limits
	}
	return items, err
}

// reportOf measures the records of a method against T and its expected
// fields.
func reportOf[T any](method string) func([]json.RawMessage) Report {
	return func(items []json.RawMessage) Report {
		rows := DecodeRows[T](items)
		r := Report{Rows: len(items), Bad: rows.Bad, Ignored: map[string]int{}}
		missing := map[string]int{}
		mapped := map[string]bool{}
		for _, raw := range items {
			f := FieldsOf[T](raw, expected[method])
			for _, m := range f.Mapped {
				mapped[m] = true
			}
			for _, k := range f.Ignored {
				r.Ignored[k]++
			}
			for _, m := range f.Missing {
				missing[m]++
			}
		}
		r.Mapped = slices.Sorted(func(yield func(string) bool) {
			for k := range mapped {
				if !yield(k) {
					return
				}
			}
		})
		for _, e := range expected[method] {
			if len(items) > 0 && missing[e] == len(items) {
				r.Missing = append(r.Missing, e)
			}
		}
		return r
	}
}

// merged adds the findings of more records of the same method.
func merged(r, more Report) Report {
	r.Rows += more.Rows
	for _, m := range more.Mapped {
		if !slices.Contains(r.Mapped, m) {
			r.Mapped = append(r.Mapped, m)
		}
	}
	slices.Sort(r.Mapped)
	if r.Ignored == nil {
		r.Ignored = map[string]int{}
	}
	for k, n := range more.Ignored {
		r.Ignored[k] += n
	}
	switch {
	case more.Rows == 0: // nothing said of the fields
	case r.Rows == more.Rows:
		r.Missing = more.Missing
	default:
		r.Missing = slices.DeleteFunc(r.Missing, func(m string) bool { return !slices.Contains(more.Missing, m) })
	}
	r.Bad = append(r.Bad, more.Bad...)
	return r
}

func idsOf(items []json.RawMessage) []int {
	var ids []int
	for _, raw := range items {
		if id := RecordID(raw); id > 0 {
			ids = append(ids, id)
		}
	}
	return ids
}

// mergedRecords lays each detail over its row, as the sync does.
func mergedRecords(rows, details []json.RawMessage) []json.RawMessage {
	byID := make(map[int]json.RawMessage, len(details))
	for _, d := range details {
		byID[RecordID(d)] = d
	}
	out := make([]json.RawMessage, 0, len(rows))
	for _, row := range rows {
		if d, ok := byID[RecordID(row)]; ok {
			if m, err := Merge(row, d); err == nil {
				row = m
			}
		}
		out = append(out, row)
	}
	return out
}

// personal names the fields of an answer that hold a person's data (an
// owner, a candidate, a visitor booked on a slot): a recording keeps their
// place and type, not their value. The manager of a listing is the
// agency's published contact and stays.
var personal = []string{"email", "mail", "phone", "gsm", "mobile", "fax", "firstname", "lastname", "password",
	"owner", "proprietor", "person", "candidate", "contact", "birth", "iban", "nationalnumber", "address"}

func isPersonal(key string) bool {
	k := strings.ToLower(key)
	if strings.HasPrefix(k, "manager") || k == "publishaddress" || strings.HasSuffix(k, "id") && !strings.Contains(k, "person") {
		return false
	}
	for _, p := range personal {
		if strings.Contains(k, p) {
			return true
		}
	}
	return false
}

// Redacted is what a recording holds in place of a personal value.
const Redacted = "REDACTED"

func redactDataset(ds *Dataset) {
	for _, ld := range ds.Langs {
		for _, records := range []*[]json.RawMessage{&ld.WebCategories, &ld.Types, &ld.Properties, &ld.Details,
			&ld.Projects, &ld.ProjectDetails, &ld.Appointments} {
			for i, raw := range *records {
				(*records)[i] = redactRecord(raw)
			}
		}
		for _, byID := range []map[int][]json.RawMessage{ld.PropertyPictures, ld.ProjectPictures} {
			for _, items := range byID {
				for i, raw := range items {
					items[i] = redactRecord(raw)
				}
			}
		}
	}
}

// redactRecord replaces the personal values of a record, at any depth.
func redactRecord(raw json.RawMessage) json.RawMessage {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	return Raw(redactValue(v, false))
}

func redactValue(v any, personal bool) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = redactValue(x, personal || isPersonal(k))
		}
		return t
	case []any:
		for i, x := range t {
			t[i] = redactValue(x, personal)
		}
		return t
	case string:
		if personal && t != "" {
			return Redacted
		}
	case float64:
		if personal {
			return 0
		}
	}
	return v
}

// Summary is the check's verdict: the needed methods that failed.
func Summary(reports []Report) error {
	var failed []string
	for _, r := range reports {
		if r.Failed() {
			name := r.Method
			if r.Lang != "" {
				name += " (" + string(r.Lang) + ")"
			}
			failed = append(failed, name)
		}
	}
	if len(failed) == 0 {
		return nil
	}
	return errors.New("the site cannot sync: " + strings.Join(failed, ", ") + " failed")
}

// Describe is one report as lines for a terminal.
func (r Report) Describe() []string {
	head := r.Method
	if r.Lang != "" {
		head += " (" + string(r.Lang) + ")"
	}
	switch {
	case r.Skipped != "":
		head += ": not asked: " + r.Skipped
	case !r.OK:
		head += ": FAILED: " + r.Error
	default:
		head += ": answered, " + strconv.Itoa(r.Rows) + " row(s)"
	}
	if !r.Needed && !r.OK {
		head += " (not needed: " + notNeededWhy(r.Method) + ")"
	}
	lines := []string{head}
	if len(r.Mapped) > 0 {
		lines = append(lines, fmt.Sprintf("  mapped  (%d): %s", len(r.Mapped), strings.Join(r.Mapped, ", ")))
	}
	if len(r.Ignored) > 0 {
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range r.Ignored {
				if !yield(k) {
					return
				}
			}
		})
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k
			if r.Ignored[k] != r.Rows {
				parts[i] += " ×" + strconv.Itoa(r.Ignored[k])
			}
		}
		lines = append(lines, fmt.Sprintf("  ignored (%d): %s", len(keys), strings.Join(parts, ", ")))
	}
	if len(r.Missing) > 0 {
		lines = append(lines, fmt.Sprintf("  missing (%d): %s", len(r.Missing), strings.Join(r.Missing, ", ")))
	}
	for _, b := range r.Bad {
		who := "row " + strconv.Itoa(b.Row)
		if b.ID > 0 {
			who = "ID " + strconv.Itoa(b.ID)
		}
		lines = append(lines, "  bad record "+who+": "+b.Reason)
	}
	return lines
}
