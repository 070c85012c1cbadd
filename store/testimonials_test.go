package store

import (
	"errors"
	"testing"
	"time"
)

func TestApprovingTestimonials(t *testing.T) {
	s := open(t)
	t0 := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	add := func(form, status string) uint64 {
		t.Helper()
		id, err := s.AddLead(NewLead{Lead: Lead{Form: form, Status: status}, Kinds: []string{"agency"}}, t0)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	older := add("contact-testimonial", TestimonialPending)
	contact := add("site-contact", "")
	newer := add("contact-testimonial", TestimonialPending)

	tests := []struct {
		name string
		id   uint64
		want error
	}{
		{"a pending testimonial", newer, nil},
		{"another", older, nil},
		{"a contact request", contact, ErrNotATestimonial},
		{"an unknown id", 999, ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.ApproveTestimonial(tt.id); !errors.Is(err, tt.want) {
				t.Fatalf("err %v, want %v", err, tt.want)
			}
		})
	}
	published, err := s.PublishedTestimonials()
	if err != nil {
		t.Fatal(err)
	}
	if len(published) != 2 || published[0].ID != newer || published[1].ID != older {
		t.Errorf("published %+v, want %d then %d, newest first", published, newer, older)
	}
	l, err := s.Lead(contact)
	if err != nil || l.Status != "" {
		t.Errorf("the contact request changed: %+v, %v", l, err)
	}
}
