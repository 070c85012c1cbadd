package fakeplatform

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// The write side: what ContactOnMe, ContactOnMeProject, DemandRegister,
// GetDemandList and UnsubscribeDemandPerson take, by the parameter names of
// fw4-bvba/omnicasa-api's request classes (src/Request/Contact/*Request.php).
// Like a platform that creates a contact per call, the fake records every
// call it applies: a repeated push is a second contact, which is what the
// site must never cause.
var writeParams = map[string][]string{
	// Contact/ContactOnMeRequest.php
	platform.MethodContactOnMe: {"Name", "FirstName", "AddressTitle", "LetterTitle", "Address", "City", "Zip", "Email",
		"PhoneNumber", "GSM", "IsReceivedEmail", "SiteId", "SourceId", "CountryId", "IsCreatedDemand", "Goal",
		"TypeOfPropertyIDs", "GeographicIDs", "Purpose", "Budget", "PriceMin", "PriceMax", "DemandComment", "Subject",
		"Content", "ObjectID", "Profession", "Categories", "LanguageIdFromParameter", "AppointmentID", "AgendaComment",
		"Fax", "CustomStr1", "CustomStr2", "CustomStr3", "CustomStr4", "CustomStr5", "IsMergedDemandIfExisting", "BoxNr",
		"UseGps", "GpsKm", "GpsCityName", "WebIDs", "PersonComment", "GeoCityIds", "RegionIds", "LanguageId", "OfficeID"},
	// Contact/ContactOnMeProjectRequest.php: ProjectIDs instead of ObjectID, no appointment.
	platform.MethodContactOnMeProject: {"Name", "FirstName", "AddressTitle", "LetterTitle", "Address", "City", "Zip",
		"Email", "PhoneNumber", "GSM", "IsReceivedEmail", "SiteId", "SourceId", "CountryId", "IsCreatedDemand", "Goal",
		"TypeOfPropertyIDs", "GeographicIDs", "Purpose", "Budget", "PriceMin", "PriceMax", "DemandComment", "Subject",
		"Content", "ProjectIDs", "Profession", "Categories", "LanguageIdFromParameter", "Fax", "CustomStr1", "CustomStr2",
		"CustomStr3", "CustomStr4", "CustomStr5", "IsMergedDemandIfExisting", "BoxNr", "UseGps", "GpsKm", "GpsCityName",
		"WebIDs", "PersonComment", "GeoCityIds", "RegionIds", "LanguageId", "OfficeID"},
	// Contact/DemandRegisterRequest.php
	platform.MethodDemandRegister: {"ID", "Name", "FirstName", "AddressTitle", "Address", "City", "Zip", "CountryID",
		"Email", "PhoneNumber", "Password", "TypeOfPropertyIDs", "GeographicIDs", "Zips", "GSM", "Goal", "Garden",
		"Terrace", "Budget", "PriceMin", "PriceMax", "MinRooms", "MaxRooms", "MinBathRooms", "MaxBathRooms", "MinGarages",
		"MaxGarages", "MinParkings", "MaxParkings", "UseGps", "GpsX", "GpsY", "GpsKm", "GpsCityName", "DemandStreet",
		"Comment", "TottalArea", "LivingArea", "GroundArea", "Cellar", "SiteId", "PetsRequired", "LetterTitle",
		"SourceId", "Purpose", "IsReceivedEmail", "Categories", "LanguageIdFromParameter", "EnvironmentIDs", "Fax",
		"Lift", "IsAlwaysCreatedDemand", "BoxNr", "IsAnnuity", "DemandRegion", "GeoCityIds", "RegionIds", "LanguageId",
		"OfficeID"},
	// Contact/GetDemandListRequest.php
	platform.MethodDemandList: {"Email", "Password", "Zips", "DisplayFields", "SortFields", "Limit1", "Limit2", "LanguageId", "OfficeID"},
	// Contact/UnsubscribeDemandPersonRequest.php
	platform.MethodUnsubscribeDemand: {"ID", "DemandID", "PersonIDEncrypt", "DemandIDEncrypt", "LanguageId", "OfficeID"},
	// Owner/CheckPersonLoginRequest.php, GetRelatedPropertiesRequest.php, GetPersonForgetPasswordRequest.php
	platform.MethodCheckPersonLogin:  {"Email", "Password", "FaceBookID", "IsProprietors", "LanguageId", "OfficeID"},
	platform.MethodRelatedProperties: {"Email", "DisplayFields", "SortFields", "Limit1", "Limit2", "LanguageId", "OfficeID"},
	platform.MethodForgetPassword:    {"Email", "LanguageId", "OfficeID"},
}

// Owner is a person of the platform who owns properties and logs in with
// CheckPersonLogin.
type Owner struct {
	Email, Password string
	PersonID        int
	Properties      []int
}

// AddOwner adds (or replaces, by e-mail address) an owner's platform login.
func (s *Server) AddOwner(o Owner) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.owners = slices.DeleteFunc(s.owners, func(k Owner) bool { return strings.EqualFold(k.Email, o.Email) })
	s.owners = append(s.owners, o)
}

func (s *Server) owner(email string) (Owner, bool) {
	for _, o := range s.owners {
		if strings.EqualFold(o.Email, strings.TrimSpace(email)) {
			return o, true
		}
	}
	return Owner{}, false
}

// Write is one call the fake applied.
type Write struct {
	Method string
	Params Params
	At     time.Time
}

// DemandRecord is a demand the fake holds, as GetDemandList lists it.
type DemandRecord struct {
	DemandID, PersonID int
	Email, Password    string
	Params             Params
	Unsubscribed       bool
}

// Writes returns the calls of method (all write methods when "") the fake
// applied, in the order they came.
func (s *Server) Writes(method string) []Write {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Write
	for _, w := range s.writes {
		if method == "" || w.Method == method {
			out = append(out, w)
		}
	}
	return out
}

// Demands returns the demands registered, unsubscribed ones included.
func (s *Server) Demands() []DemandRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.demands)
}

// RefuseContacts makes ContactOnMe, ContactOnMeProject and DemandRegister
// answer Success false with message, as a platform that rejects a lead's
// data does; "" accepts them again.
func (s *Server) RefuseContacts(message string) {
	s.mu.Lock()
	s.refuse = message
	s.mu.Unlock()
}

// AppliedThenDelay applies a write and then holds its answer for d (or until
// the client gives up): a platform that times out after doing the work.
func AppliedThenDelay(d time.Duration) Fault { return Fault{Kind: KindAppliedThenDelay, Delay: d} }

// write applies one write call.
func (s *Server) write(method string, p Params, data *snapshot) result {
	allowed := writeParams[method]
	for _, name := range p.Names() {
		if !slices.ContainsFunc(allowed, func(a string) bool { return strings.EqualFold(a, name) }) {
			return failure(600, "Error: "+method+" has no parameter "+name)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch method {
	case platform.MethodDemandList:
		return s.demandList(p)
	case platform.MethodCheckPersonLogin:
		// fw4 reads the answer with intval: the person id, 0 for nobody.
		o, ok := s.owner(p.String("Email"))
		if !ok || o.Password != p.String("Password") || p.String("IsProprietors") != "true" {
			return success(0)
		}
		return success(o.PersonID)
	case platform.MethodRelatedProperties:
		o, _ := s.owner(p.String("Email"))
		var rows []json.RawMessage
		for _, id := range o.Properties {
			if raw, ok := data.detail(id); ok {
				rows = append(rows, raw)
			}
		}
		return answerer{params: p}.paged(rows)
	case platform.MethodForgetPassword:
		s.writes = append(s.writes, Write{Method: method, Params: p, At: time.Now()})
		return success("An e-mail has been sent")
	case platform.MethodUnsubscribeDemand:
		id, person := p.Int("DemandID"), p.Int("ID")
		for i := range s.demands {
			if d := &s.demands[i]; d.DemandID == id && d.PersonID == person {
				d.Unsubscribed = true
				s.writes = append(s.writes, Write{Method: method, Params: p, At: time.Now()})
				return success(true)
			}
		}
		return failure(600, "Error: no such demand")
	}
	if s.refuse != "" {
		return failure(600, s.refuse)
	}
	if p.String("Email") == "" && p.String("PhoneNumber") == "" && p.String("GSM") == "" {
		return failure(600, "Error: Email or PhoneNumber is required")
	}
	if method == platform.MethodContactOnMe {
		if id := p.Int("ObjectID"); id != 0 && !data.hasProperty(id) {
			return failure(600, "Error: ObjectID "+strconv.Itoa(id)+" not found")
		}
		if ap := p.Int("AppointmentID"); ap != 0 {
			slot, ok := data.appointment(ap)
			if !ok || slot.Property() != p.Int("ObjectID") {
				return failure(600, "Error: AppointmentID "+strconv.Itoa(ap)+" not found for this ObjectID")
			}
			if capacity := int(slot.Capacity); capacity > 0 && int(slot.Booked)+s.booked[ap] >= capacity {
				return failure(600, "Error: the appointment is full")
			}
			s.booked[ap]++
		}
	}
	if method == platform.MethodDemandRegister {
		if p.String("Password") == "" {
			return failure(600, "Error: Password is required")
		}
		s.demands = append(s.demands, DemandRecord{DemandID: 9000 + len(s.demands) + 1, PersonID: s.person(p.String("Email")),
			Email: p.String("Email"), Password: p.String("Password"), Params: p})
	}
	s.writes = append(s.writes, Write{Method: method, Params: p, At: time.Now()})
	return success(true)
}

// person is the platform's person id of an address, the same for every
// demand of that address.
func (s *Server) person(email string) int {
	for _, d := range s.demands {
		if strings.EqualFold(d.Email, email) {
			return d.PersonID
		}
	}
	return 7000 + len(s.demands) + 1
}

func (s *Server) demandList(p Params) result {
	var items []json.RawMessage
	for _, d := range s.demands {
		if strings.EqualFold(d.Email, p.String("Email")) && d.Password == p.String("Password") && !d.Unsubscribed {
			items = append(items, platform.Raw(map[string]any{"DemandID": d.DemandID, "PersonId": d.PersonID, "Goal": d.Params.Int("Goal")}))
		}
	}
	if len(items) == 0 && !slices.ContainsFunc(s.demands, func(d DemandRecord) bool {
		return strings.EqualFold(d.Email, p.String("Email")) && d.Password == p.String("Password")
	}) {
		return failure(600, "Error: login failed")
	}
	a := answerer{params: p}
	return a.paged(items)
}

func (s *snapshot) hasProperty(id int) bool {
	_, ok := s.detail(id)
	return ok
}

func (s *snapshot) detail(id int) (json.RawMessage, bool) {
	for _, l := range []listing.Lang{listing.NL, listing.FR, listing.EN, listing.DE} {
		if raw, ok := s.lang(l).details[id]; ok {
			return raw, true
		}
	}
	return nil, false
}

func (s *snapshot) appointment(id int) (platform.Appointment, bool) {
	for _, li := range s.langs {
		for _, raw := range li.Appointments {
			var ap platform.Appointment
			if json.Unmarshal(raw, &ap) == nil && int(ap.ID) == id {
				return ap, true
			}
		}
	}
	return platform.Appointment{}, false
}
