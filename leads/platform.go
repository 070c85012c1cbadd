package leads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
)

// PlatformLead is a stored lead as the platform client hands it on.
func PlatformLead(l store.Lead) *platform.Lead {
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
	if l.Form == "contact-demand" {
		w.Street, w.Zip, w.City = strings.TrimSpace(s("valuationStreet")+" "+s("valuationNumber")), s("valuationZip"), s("valuationCity")
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
