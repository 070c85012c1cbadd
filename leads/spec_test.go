package leads

import "testing"

// Only a property's form with a slot books a visit: its lead changes the
// free places a detail page shows, so the server's cached pages go.
func TestBooksVisit(t *testing.T) {
	s := mustSpec(t)
	slot := Field{Name: "slot", Type: "slot"}
	tests := []struct {
		name string
		form Form
		want bool
	}{
		{"a property's form with a slot", Form{Subject: "property", Fields: []Field{{Name: "property"}, slot}}, true},
		{"a property's form without one", Form{Subject: "property", Fields: []Field{{Name: "property"}}}, false},
		{"a slot about no property", Form{Subject: "project", Fields: []Field{slot}}, false},
		{"a form about nothing", Form{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.form.BooksVisit(); got != tt.want {
				t.Errorf("BooksVisit %v, want %v", got, tt.want)
			}
		})
	}
	t.Run("forms.json", func(t *testing.T) {
		for _, name := range s.Names() {
			f, _ := s.Form(name)
			if want := name == "contact-appointment"; f.BooksVisit() != want {
				t.Errorf("%s: BooksVisit %v, want %v", name, f.BooksVisit(), want)
			}
		}
	})
}

// The shipped table names one testimonial form, whose leads the service
// sets pending, and places every form somewhere the UI shows it.
func TestShippedTraitsOfPlaceAndTestimonial(t *testing.T) {
	s := mustSpec(t)
	for _, name := range s.Names() {
		f, _ := s.Form(name)
		if want := name == "contact-testimonial"; f.Testimonial != want {
			t.Errorf("%s: Testimonial %v, want %v", name, f.Testimonial, want)
		}
		if len(f.Places) == 0 {
			t.Errorf("%s: no place shows it", name)
		}
	}
}
