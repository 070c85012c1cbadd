package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
)

// The platform's statistics of one property, for its owner (the owner
// portal). The parameters of each method are those of fw4-bvba/omnicasa-api
// src/Request/Owner/{Method}Request.php and maneuver-agency/omnicasa-php-lib
// src/Owner.php (getStats, getStatisticsGraphList, getCalendar,
// getActivity); fw4 src/Omnicasa.php reads the four lists as
// ListResponsePaginated (paged by Limit1/Limit2) and the visit statistic
// as one Response.
const (
	// Owner/GetVisitStatisticOfPropertyRequest.php: ID, DisplayFields; one object.
	// omnicasa-php-lib Owner::getStats sends ID.
	MethodVisitStatistic = "GetVisitStatisticOfProperty"
	// Owner/GetMediaObjectStatisticsGraphListRequest.php: StartDate, EndDate,
	// MediaIDs, ObjectIDs, ProjectID, IsGroupAllPortals, IncludeUnits, paged.
	// omnicasa-php-lib Owner::getStatisticsGraphList sends ObjectIDs, StartDate, EndDate.
	MethodMediaStatistics = "GetMediaObjectStatisticsGraphList"
	// Owner/GetMediaOnlineHistoriesRequest.php: ObjectID, FromDate, ToDate, TypeIDs, paged.
	MethodMediaOnline = "GetMediaOnlineHistories"
	// Owner/GetCalendarHistoriesRequest.php: ObjectID, FromDate, ToDate, TypeIDs, paged.
	// omnicasa-php-lib Owner::getCalendar sends ObjectID, FromDate, ToDate.
	MethodCalendarHistories = "GetCalendarHistories"
	// Owner/GetAutomaticHistoriesRequest.php: ObjectID, FromDate, ToDate, TypeIDs, paged.
	// omnicasa-php-lib Owner::getActivity sends ObjectID.
	MethodAutomaticHistories = "GetAutomaticHistories"
)

// VisitStatisticRequest are GetVisitStatisticOfProperty's own parameters.
type VisitStatisticRequest struct {
	ID            int    `json:"ID"`
	DisplayFields string `json:"DisplayFields,omitempty"` // comma-joined
}

// MediaStatisticsRequest are GetMediaObjectStatisticsGraphList's own
// parameters (Limit1/Limit2 are the common ones).
type MediaStatisticsRequest struct {
	StartDate string `json:"StartDate,omitempty"` // DateLayout, on the agency's clock
	EndDate   string `json:"EndDate,omitempty"`
	MediaIDs  string `json:"MediaIDs,omitempty"`  // comma-joined
	ObjectIDs string `json:"ObjectIDs,omitempty"` // comma-joined
	ProjectID int    `json:"ProjectID,omitempty"`
	// IsGroupAllPortals false: a row per medium, not one for all of them.
	IsGroupAllPortals bool `json:"IsGroupAllPortals"`
}

// HistoryRequest are the own parameters of GetMediaOnlineHistories,
// GetCalendarHistories and GetAutomaticHistories, which fw4 declares alike.
type HistoryRequest struct {
	ObjectID int    `json:"ObjectID"`
	FromDate string `json:"FromDate,omitempty"` // DateLayout, on the agency's clock
	ToDate   string `json:"ToDate,omitempty"`
	TypeIDs  string `json:"TypeIDs,omitempty"` // comma-joined
}

// The answers' shapes. No public source shows what these methods answer:
// the canonical field names below (the first of each list, which Wire
// writes and the demo data and the fake use) are our decision, and the
// decoding reads any of the alternatives, names compared without regard
// to case, numbers or strings, dates "Y-m-d H:i:s" or /Date(ms)/. Only
// counts, dates, kinds and media names are read: a visitor's or a
// person's identity, names, e-mails or words (Subject, Description,
// PersonName, …) are never decoded, so they cannot reach the store.
var (
	aliasToday    = []string{"Today", "VisitsToday", "TodayVisits", "NumberOfVisitsToday", "NumberToday"}
	aliasWeek     = []string{"Week", "ThisWeek", "VisitsWeek", "VisitsThisWeek", "NumberOfVisitsWeek", "NumberOfVisitsThisWeek"}
	aliasMonth    = []string{"Month", "ThisMonth", "VisitsMonth", "VisitsThisMonth", "NumberOfVisitsMonth", "NumberOfVisitsThisMonth"}
	aliasTotal    = []string{"Total", "TotalVisits", "VisitsTotal", "Visits", "NumberOfVisits", "Count"}
	aliasObject   = []string{"ObjectID", "PropertyID"}
	aliasDay      = []string{"Date", "Day", "StatisticDate", "ViewDate", "VisitDate", "StartDate"}
	aliasMediaID  = []string{"MediaID", "MediumID", "PortalID"}
	aliasMedium   = []string{"MediaName", "Media", "Medium", "MediumName", "PortalName", "Portal", "Name"}
	aliasViews    = []string{"Views", "Count", "NumberOfViews", "Visits", "NumberOfVisits", "Hits", "Total", "Value"}
	aliasFrom     = []string{"FromDate", "StartDate", "From", "OnlineFrom", "OnlineDate", "PublishDate", "Date"}
	aliasTo       = []string{"ToDate", "EndDate", "To", "OnlineTo", "OfflineDate", "UnpublishDate"}
	aliasWhen     = []string{"Date", "HistoryDate", "StartDate", "CalendarDate", "AppointmentDate", "CreatedDate", "DateCreated"}
	aliasTypeID   = []string{"TypeID", "HistoryTypeID", "Type", "HistoryType"}
	aliasTypeName = []string{"TypeName", "HistoryTypeName", "Kind", "Type", "HistoryType", "CategoryName", "Category"}
	aliasStatus   = []string{"StatusName", "Status", "State", "AppointmentStatus"}
)

// statFields are the fields each method's records are read from, for
// `estate platform check` (what it maps and ignores).
var statFields = map[string][][]string{
	MethodVisitStatistic:     {aliasToday, aliasWeek, aliasMonth, aliasTotal},
	MethodMediaStatistics:    {aliasObject, aliasDay, aliasMediaID, aliasMedium, aliasViews},
	MethodMediaOnline:        {aliasMediaID, aliasMedium, aliasFrom, aliasTo},
	MethodCalendarHistories:  {aliasWhen, aliasTypeID, aliasTypeName, aliasStatus},
	MethodAutomaticHistories: {aliasWhen, aliasTypeID, aliasTypeName, aliasStatus},
}

// VisitStatistic is a property's visits counted by the platform.
type VisitStatistic struct {
	Today, Week, Month, Total int
}

// MediaDay is the views of a property on one online medium (a portal,
// the agency's site) on one day, at midnight on the agency's clock.
type MediaDay struct {
	ObjectID int
	Date     time.Time
	MediaID  int
	Medium   string
	Views    int
}

// MediaOnline is a period a property was online on a medium; To is zero
// while it still is.
type MediaOnline struct {
	MediaID  int
	Medium   string
	From, To time.Time
}

// HistoryEntry is one event of a property's calendar or communication
// history: when, what kind, its status. Who and what was said are left out.
type HistoryEntry struct {
	Date   time.Time
	TypeID int
	Kind   string
	Status string
}

// Wire is the record as the platform is taken to write it (the canonical
// names), dates on loc's wall clock.
func (v VisitStatistic) Wire() json.RawMessage {
	return Raw(struct{ Today, Week, Month, Total int }{v.Today, v.Week, v.Month, v.Total})
}

// Wire is the record in the canonical names.
func (m MediaDay) Wire(loc *time.Location) json.RawMessage {
	return Raw(struct {
		ObjectID  int    `json:"ObjectID,omitempty"`
		Date      string `json:"Date"`
		MediaID   int    `json:"MediaID,omitempty"`
		MediaName string `json:"MediaName"`
		Views     int    `json:"Views"`
	}{m.ObjectID, wireDate(m.Date, loc), m.MediaID, m.Medium, m.Views})
}

// Wire is the record in the canonical names.
func (m MediaOnline) Wire(loc *time.Location) json.RawMessage {
	return Raw(struct {
		MediaID   int    `json:"MediaID,omitempty"`
		MediaName string `json:"MediaName"`
		FromDate  string `json:"FromDate"`
		ToDate    string `json:"ToDate,omitempty"`
	}{m.MediaID, m.Medium, wireDate(m.From, loc), wireDate(m.To, loc)})
}

// Wire is the record in the canonical names.
func (h HistoryEntry) Wire(loc *time.Location) json.RawMessage {
	return Raw(struct {
		Date       string `json:"Date"`
		TypeID     int    `json:"TypeID,omitempty"`
		TypeName   string `json:"TypeName,omitempty"`
		StatusName string `json:"StatusName,omitempty"`
	}{wireDate(h.Date, loc), h.TypeID, h.Kind, h.Status})
}

func wireDate(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return FormatDate(t, loc)
}

// record is a JSON object read by any of a field's names.
type record map[string]json.RawMessage

func parseRecord(raw json.RawMessage) (record, error) {
	var r record
	if err := json.Unmarshal(raw, &r); err != nil || r == nil {
		return nil, fmt.Errorf("the record is not a JSON object (starts %q)", snippet(bytes.TrimSpace(raw)))
	}
	return r, nil
}

// pick is the value of the first name present and not null or "".
func (r record) pick(names []string) (json.RawMessage, string) {
	for _, n := range names {
		for k, v := range r {
			if strings.EqualFold(k, n) {
				if t := bytes.TrimSpace(v); len(t) > 0 && string(t) != "null" && string(t) != `""` {
					return v, k
				}
			}
		}
	}
	return nil, ""
}

func (r record) int(names []string) (int, bool, error) {
	v, k := r.pick(names)
	if v == nil {
		return 0, false, nil
	}
	var n Int
	if err := n.UnmarshalJSON(v); err != nil {
		return 0, false, fmt.Errorf("%s: %s is not a number", k, snippet(bytes.TrimSpace(v)))
	}
	return int(n), true, nil
}

func (r record) text(names []string) string {
	v, _ := r.pick(names)
	var t Text
	if v == nil || t.UnmarshalJSON(v) != nil {
		return ""
	}
	return t.String()
}

func (r record) date(names []string, loc *time.Location) (time.Time, error) {
	v, k := r.pick(names)
	if v == nil {
		return time.Time{}, nil
	}
	var d Date
	if err := d.UnmarshalJSON(v); err != nil {
		return time.Time{}, fmt.Errorf("%s: %s is not a date", k, snippet(bytes.TrimSpace(v)))
	}
	return d.In(loc), nil
}

// DecodeVisitStatistic reads GetVisitStatisticOfProperty's Value: an
// object, or a list of one (a platform that answers it as a list).
func DecodeVisitStatistic(v json.RawMessage) (VisitStatistic, error) {
	if t := bytes.TrimSpace(v); len(t) > 0 && (t[0] == '[' || bytes.Contains(t, []byte(`"Items"`))) {
		if items, _, _, err := decodeList(MethodVisitStatistic, t); err == nil && len(items) > 0 {
			v = items[0]
		}
	}
	r, err := parseRecord(v)
	if err != nil {
		return VisitStatistic{}, err
	}
	var out VisitStatistic
	for _, f := range []struct {
		into  *int
		names []string
	}{{&out.Today, aliasToday}, {&out.Week, aliasWeek}, {&out.Month, aliasMonth}, {&out.Total, aliasTotal}} {
		n, _, err := r.int(f.names)
		if err != nil {
			return VisitStatistic{}, err
		}
		*f.into = max(n, 0)
	}
	return out, nil
}

// medium is a record's medium: its id and name, the id standing in for a
// name the platform leaves out.
func (r record) medium() (int, string, error) {
	id, _, err := r.int(aliasMediaID)
	if err != nil {
		return 0, "", err
	}
	name := r.text(aliasMedium)
	if name == "" && id > 0 {
		name = "medium " + strconv.Itoa(id)
	}
	if name == "" {
		return 0, "", fmt.Errorf("no medium (%s)", strings.Join(aliasMedium, ", "))
	}
	return id, name, nil
}

func decodeMediaDay(raw json.RawMessage, loc *time.Location) (MediaDay, error) {
	r, err := parseRecord(raw)
	if err != nil {
		return MediaDay{}, err
	}
	var m MediaDay
	if m.Date, err = r.date(aliasDay, loc); err != nil {
		return m, err
	}
	if m.Date.IsZero() {
		return m, fmt.Errorf("no date (%s)", strings.Join(aliasDay, ", "))
	}
	m.Date = time.Date(m.Date.Year(), m.Date.Month(), m.Date.Day(), 0, 0, 0, 0, loc)
	if m.ObjectID, _, err = r.int(aliasObject); err != nil {
		return m, err
	}
	if m.MediaID, m.Medium, err = r.medium(); err != nil {
		return m, err
	}
	if m.Views, _, err = r.int(aliasViews); err != nil {
		return m, err
	}
	m.Views = max(m.Views, 0)
	return m, nil
}

func decodeMediaOnline(raw json.RawMessage, loc *time.Location) (MediaOnline, error) {
	r, err := parseRecord(raw)
	if err != nil {
		return MediaOnline{}, err
	}
	var m MediaOnline
	if m.MediaID, m.Medium, err = r.medium(); err != nil {
		return m, err
	}
	if m.From, err = r.date(aliasFrom, loc); err != nil {
		return m, err
	}
	if m.From.IsZero() {
		return m, fmt.Errorf("no start (%s)", strings.Join(aliasFrom, ", "))
	}
	if m.To, err = r.date(aliasTo, loc); err != nil {
		return m, err
	}
	return m, nil
}

func decodeHistory(raw json.RawMessage, loc *time.Location) (HistoryEntry, error) {
	r, err := parseRecord(raw)
	if err != nil {
		return HistoryEntry{}, err
	}
	var h HistoryEntry
	if h.Date, err = r.date(aliasWhen, loc); err != nil {
		return h, err
	}
	if h.Date.IsZero() {
		return h, fmt.Errorf("no date (%s)", strings.Join(aliasWhen, ", "))
	}
	// Type is an id on some platforms, a name on others.
	if id, ok, err := r.int(aliasTypeID); err == nil && ok {
		h.TypeID = id
	}
	for _, n := range aliasTypeName {
		if s := r.text([]string{n}); s != "" {
			if _, err := strconv.Atoi(s); err != nil {
				h.Kind = s
				break
			}
		}
	}
	if h.Kind == "" {
		h.Kind = HistoryKind(h.TypeID)
	}
	h.Status = r.text(aliasStatus)
	return h, nil
}

// historyKinds name fw4 src/Models/HistoryType.php's values.
var historyKinds = []string{"contact", "visit", "phone-in", "phone-out", "email-out", "fax-out", "letter-out", "email-in",
	"fax-in", "letter-in", "handled-in", "website", "entered-property", "changed-property", "new-person", "changed-person",
	"new-demand", "changed-demand", "sent", "removed", "text-out", "text-in", "project-created", "project-modified",
	"checkup", "company-created", "company-modified"}

// HistoryKind names a history type id (fw4 Models/HistoryType); "other"
// for one it does not list.
func HistoryKind(id int) string {
	if id >= 0 && id < len(historyKinds) {
		return historyKinds[id]
	}
	return "other"
}

// decodeStats decodes each record with decode, as DecodeRows does: a
// record that does not decode is one bad record. Raw holds the records
// re-encoded in the canonical names (wire), so nothing decode dropped —
// a person's name, their words — survives in them.
func decodeStats[T any](items []json.RawMessage, loc *time.Location, decode func(json.RawMessage, *time.Location) (T, error), wire func(T) json.RawMessage) Rows[T] {
	if loc == nil {
		loc = time.UTC
	}
	rows := Rows[T]{Items: make([]T, 0, len(items)), Raw: make([]json.RawMessage, 0, len(items))}
	for i, raw := range items {
		v, err := decode(raw, loc)
		if err != nil {
			rows.Bad = append(rows.Bad, BadRecord{Row: i + 1, ID: RecordID(raw), Reason: err.Error()})
			continue
		}
		rows.Items = append(rows.Items, v)
		rows.Raw = append(rows.Raw, wire(v))
	}
	return rows
}

// DecodeMediaDays reads GetMediaObjectStatisticsGraphList's items; dates
// are read on loc's clock (nil: UTC).
func DecodeMediaDays(items []json.RawMessage, loc *time.Location) Rows[MediaDay] {
	if loc == nil {
		loc = time.UTC
	}
	return decodeStats(items, loc, decodeMediaDay, func(m MediaDay) json.RawMessage { return m.Wire(loc) })
}

// DecodeMediaOnline reads GetMediaOnlineHistories' items.
func DecodeMediaOnline(items []json.RawMessage, loc *time.Location) Rows[MediaOnline] {
	if loc == nil {
		loc = time.UTC
	}
	return decodeStats(items, loc, decodeMediaOnline, func(m MediaOnline) json.RawMessage { return m.Wire(loc) })
}

// DecodeHistory reads GetCalendarHistories' or GetAutomaticHistories' items.
func DecodeHistory(items []json.RawMessage, loc *time.Location) Rows[HistoryEntry] {
	if loc == nil {
		loc = time.UTC
	}
	return decodeStats(items, loc, decodeHistory, func(h HistoryEntry) json.RawMessage { return h.Wire(loc) })
}

// VisitStatistic is GetVisitStatisticOfProperty of one property.
func (c *Client) VisitStatistic(ctx context.Context, lang listing.Lang, id int) (VisitStatistic, error) {
	v, err := c.Call(ctx, MethodVisitStatistic, lang, Params{More: VisitStatisticRequest{ID: id}})
	if err != nil {
		return VisitStatistic{}, err
	}
	s, err := DecodeVisitStatistic(v)
	if err != nil {
		return VisitStatistic{}, fmt.Errorf("platform %s: %w", MethodVisitStatistic, err)
	}
	return s, nil
}

// MediaStatistics is GetMediaObjectStatisticsGraphList of one property
// from one day to another (both included, on the agency's clock), a row
// per medium and day. A row that names no property is the one asked.
func (c *Client) MediaStatistics(ctx context.Context, lang listing.Lang, id int, from, to time.Time) (Rows[MediaDay], error) {
	req := MediaStatisticsRequest{ObjectIDs: strconv.Itoa(id), StartDate: wireDate(from, c.cfg.Zone), EndDate: wireDate(to, c.cfg.Zone)}
	items, err := c.paged(ctx, MethodMediaStatistics, lang, Params{More: req}, false)
	rows := DecodeMediaDays(items, c.cfg.Zone)
	for i := range rows.Items {
		if rows.Items[i].ObjectID == 0 {
			rows.Items[i].ObjectID = id
		}
	}
	return rows, err
}

// MediaOnline is GetMediaOnlineHistories of one property: every period
// it was online, on each medium.
func (c *Client) MediaOnline(ctx context.Context, lang listing.Lang, id int) (Rows[MediaOnline], error) {
	items, err := c.paged(ctx, MethodMediaOnline, lang, Params{More: HistoryRequest{ObjectID: id}}, false)
	return DecodeMediaOnline(items, c.cfg.Zone), err
}

// CalendarHistory is GetCalendarHistories of one property between two
// times (zero: open).
func (c *Client) CalendarHistory(ctx context.Context, lang listing.Lang, id int, from, to time.Time) (Rows[HistoryEntry], error) {
	return c.history(ctx, MethodCalendarHistories, lang, id, from, to)
}

// AutomaticHistory is GetAutomaticHistories of one property: the
// communication the platform logged (mails, calls, publications).
func (c *Client) AutomaticHistory(ctx context.Context, lang listing.Lang, id int, from, to time.Time) (Rows[HistoryEntry], error) {
	return c.history(ctx, MethodAutomaticHistories, lang, id, from, to)
}

func (c *Client) history(ctx context.Context, method string, lang listing.Lang, id int, from, to time.Time) (Rows[HistoryEntry], error) {
	req := HistoryRequest{ObjectID: id, FromDate: wireDate(from, c.cfg.Zone), ToDate: wireDate(to, c.cfg.Zone)}
	items, err := c.paged(ctx, method, lang, Params{More: req}, false)
	return DecodeHistory(items, c.cfg.Zone), err
}
