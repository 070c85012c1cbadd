package store

import (
	"fmt"
	"slices"
)

// Testimonials are the leads of the form forms.json calls the testimonial
// one: visitors' words about the agency, which the guestbook shows only once
// the agency has approved them. A testimonial carries that in its Status,
// which leads.Service sets from the form's trait and no other lead has.
const (
	// A testimonial's Status: pending from its arrival, published once approved.
	TestimonialPending   = "pending"
	TestimonialPublished = "published"
)

// IsTestimonial tells a testimonial from the other leads: only a
// testimonial has a Status.
func (l Lead) IsTestimonial() bool { return l.Status != "" }

// PublishedTestimonials returns the approved testimonials, newest first.
func (s *Store) PublishedTestimonials() ([]Lead, error) {
	var out []Lead
	err := s.EachLead(func(l Lead) error {
		if l.IsTestimonial() && l.Status == TestimonialPublished {
			out = append(out, l)
		}
		return nil
	})
	slices.Reverse(out)
	return out, err
}

// ApproveTestimonial publishes the testimonial id on the guestbook; a lead of
// another form is refused (ErrNotATestimonial), an unknown id is ErrNotFound.
func (s *Store) ApproveTestimonial(id uint64) error {
	return s.UpdateLead(id, func(l *Lead) error {
		if !l.IsTestimonial() {
			return fmt.Errorf("%w: lead %d is a %s", ErrNotATestimonial, id, l.Form)
		}
		l.Status = TestimonialPublished
		return nil
	})
}
