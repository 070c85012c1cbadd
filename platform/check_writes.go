package platform

import (
	"context"
	"errors"
)

// checkPeople reports the methods of the write and owner side. The reads
// among them are asked about a login nobody has, which changes nothing on
// the platform; the writes are not called at all: each would create a
// contact, a demand or a mail at the agency.
func (c *Client) checkPeople(ctx context.Context) []Report {
	const nobody = "estate-platform-check@example.invalid"
	var reports []Report

	r := Report{Method: MethodCheckPersonLogin}
	_, err := c.CheckOwner(ctx, "", nobody, "estate-platform-check")
	if errors.Is(err, ErrNotOwner) {
		err = nil // the answer expected of an unknown login
	}
	finish(&r, err)
	reports = append(reports, r)

	r = Report{Method: MethodRelatedProperties}
	ids, err := c.OwnerProperties(ctx, "", nobody)
	r.Rows = len(ids)
	finish(&r, err)
	reports = append(reports, r)

	r = Report{Method: MethodDemandList}
	n, err := c.UnsubscribeDemands(ctx, "", nobody) // lists nothing, so unsubscribes nothing
	r.Rows = n
	finish(&r, err)
	reports = append(reports, r)

	for _, m := range []string{MethodContactOnMe, MethodContactOnMeProject, MethodDemandRegister, MethodUnsubscribeDemand, MethodForgetPassword} {
		reports = append(reports, Report{Method: m, Skipped: "a write: calling it would reach the agency's CRM or someone's mailbox"})
	}
	return reports
}
