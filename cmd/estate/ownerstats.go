package main

import (
	"log/slog"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/ownerstats"
)

// newOwnerStats is the refresher of the platform's statistics of the
// owners' properties (package ownerstats) over the site's source, nil when
// the source gives none. It fetches each property in every enabled
// language (the platform's texts come in the call's language). The
// schedule runs it (ownerstats.Schedule), and serve once in the background
// at start.
func newOwnerStats(cfg config.Config, a *app, log *slog.Logger) *ownerstats.Refresher {
	src, ok := a.source.(ownerstats.Source)
	if !ok {
		return nil
	}
	return ownerstats.New(src, a.store, cfg.Languages.Enabled, cfg.Sync.Timezone, nil, log.With("component", "ownerstats"))
}
