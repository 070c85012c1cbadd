package leads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
)

// PlatformLead is a stored lead of form as the platform client hands it on.
func PlatformLead(l store.Lead, form Form) *platform.Lead {
	s := func(k string) string { v, _ := l.Fields[k].(string); return v }
	n := func(k string) float64 { v, _ := l.Fields[k].(float64); return v }
	list := func(k string) string {
		switch v := l.Fields[k].(type) {
		case []string:
			return strings.Join(v, ",")
		case []any:
			parts := make([]string, 0, len(v))
			for _, x := range v {
				parts = append(parts, fmt.Sprint(x))
			}
			return strings.Join(parts, ",")
		}
		return ""
	}
	w := &platform.Lead{
		ExternalID: strconv.FormatUint(l.ID, 10), Form: l.Form, Salutation: s("title"),
		FirstName: s("firstName"), LastName: s("lastName"), Email: l.Email, Phone: s("phone"),
		Street: s("street"), Zip: s("zip"), City: s("city"), Comment: s("remark"),
		PropertyID: l.PropertyID, ProjectID: l.ProjectID,
		Goal: s("goal"), MinPrice: n("minPrice"), MaxPrice: n("maxPrice"), MinRooms: n("minRooms"),
		TypeIDs: list("types"), Zips: list("zones"), Fields: map[string]string{},
	}
	if a := form.PlatformAddress; a != nil {
		// The lead is about another address than the person's (a valuation's).
		join := func(names []string) string {
			parts := make([]string, 0, len(names))
			for _, n := range names {
				parts = append(parts, s(n))
			}
			return strings.TrimSpace(strings.Join(parts, " "))
		}
		w.Street, w.Zip, w.City = join(a.Street), join(a.Zip), join(a.City)
	}
	for k, v := range l.Fields {
		if strings.HasSuffix(k, "Hash") {
			continue // a password never leaves the site, not even hashed
		}
		switch t := v.(type) {
		case string:
			w.Fields[k] = t
		case float64:
			w.Fields[k] = strconv.FormatFloat(t, 'f', -1, 64)
		case bool:
			w.Fields[k] = strconv.FormatBool(t)
		default:
			w.Fields[k] = list(k)
		}
	}
	return w
}
