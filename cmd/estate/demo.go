package main

import (
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/demo/photos"
	"github.com/estate-agency/estate/pageviews"
	"github.com/estate-agency/estate/store"
)

// demoMedia serves the demo agency's generated photos and documents, cached
// under the storage dir; nil outside demo mode.
func demoMedia(cfg config.Config, log *slog.Logger) http.Handler {
	if !cfg.Demo {
		return nil
	}
	return photos.Handler{CacheDir: filepath.Join(cfg.Storage.CacheDir(), "demo"), Log: log.With("component", "demo")}
}

// The demo agency's owner: its login is in the README and printed by make
// run, so anyone trying the demo can open the owner portal.
const (
	demoOwnerEmail    = "eigenaar@ardennes-immo.example"
	demoOwnerPassword = "demo-eigenaar-2026"
)

// demoOwnerProperties are the demo owner's listings: one with visit slots
// (appointments), one without.
var demoOwnerProperties = []int{4003, 4030}

// ensureDemoOwner creates the demo owner on the first start of a demo
// store, with 90 days of page views so its portal has a history to show.
func ensureDemoOwner(a *app, svc *accounts.Service) error {
	if !a.cfg.Demo {
		return nil
	}
	if _, err := a.store.AccountByEmail(demoOwnerEmail); err == nil {
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	for _, id := range demoOwnerProperties {
		if _, err := a.store.Property(a.cfg.Languages.Default, id); err != nil {
			return fmt.Errorf("demo owner: property %d: %w", id, err)
		}
	}
	acc, err := svc.Create("owner", demoOwnerEmail, demoOwnerPassword, string(a.cfg.Languages.Default), demoOwnerProperties)
	if err != nil {
		return fmt.Errorf("demo owner: %w", err)
	}
	now := time.Now().In(a.cfg.Sync.Timezone)
	for i, id := range demoOwnerProperties {
		if err := a.store.AddPageViewCounts(id, demoPageViews(now, int64(id), 90, 6-3*i)); err != nil {
			return fmt.Errorf("demo owner: page views: %w", err)
		}
	}
	a.log.Info("demo owner created", "account", acc.ID, "email", demoOwnerEmail, "properties", demoOwnerProperties)
	return nil
}

// demoPageViews makes a plausible history of days up to yesterday: a few
// views a day around base, more at weekends, from the usual sources.
func demoPageViews(now time.Time, seed int64, days, base int) []pageviews.Day {
	r := rand.New(rand.NewPCG(uint64(seed), 2026))
	sources := []string{"site", "immoweb", "zimmo", "google", "facebook", "direct", "newsletter"}
	weights := []int{30, 25, 12, 15, 8, 7, 3}
	out := make([]pageviews.Day, 0, days)
	for d := days; d >= 1; d-- {
		day := now.AddDate(0, 0, -d)
		n := base + r.IntN(5)
		if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday {
			n += 3
		}
		counts := map[string]int{}
		for range n {
			pick := r.IntN(100)
			for i, w := range weights {
				if pick < w {
					counts[sources[i]]++
					break
				}
				pick -= w
			}
		}
		out = append(out, pageviews.Day{Day: day.Format(time.DateOnly), Sources: counts})
	}
	return out
}
