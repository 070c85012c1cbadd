// Owner API answers for the portal's tests (imported by *.test.tsx only).
import type { OwnerProperties, OwnerProperty, OwnerPropertyDetail, PlatformStats } from "../../lib/api/account";

export const villa: OwnerProperty = {
  id: 12,
  title: "Villa – Durbuy",
  city: "Durbuy",
  url: "/nl/te-koop/durbuy/villa/12/",
  thumbnail: { url: "/media/12/1-400.jpg", width: 400, height: 267 },
  status: "available",
  priceText: "€ 325.000",
  visits: { today: 3, week: 17, month: 64, total: 1234 },
};

export const chalet: OwnerProperty = {
  id: 40,
  title: "Chalet – Bouillon",
  city: "Bouillon",
  url: "",
  thumbnail: null,
  status: "sold",
  priceText: "Prijs op aanvraag",
  visits: { today: 0, week: 2, month: 9, total: 410 },
};

export const properties: OwnerProperties = { properties: [villa, chalet] };

/** 30 days ending on 22 November 2026, 1 view on the first, 30 on the last. */
export const last30 = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10),
  views: i + 1,
}));

/** The platform's 30 days ending on 22 November 2026: Immoweb 2 a day, Zimmo 1 on even days, the agency's site 3 on the last day. */
const platformDays = (views: (i: number) => number) => last30.map((d, i) => ({ date: d.date, views: views(i) }));

export const villaPlatform: PlatformStats = {
  fetchedAt: "2026-11-23T05:15:00Z",
  visits: { today: 7, week: 41, month: 160, total: 2480 },
  media: [
    { medium: "Immoweb", days: platformDays(() => 2) },
    { medium: "Zimmo", days: platformDays((i) => (i % 2 === 0 ? 1 : 0)) },
    { medium: "Website kantoor", days: platformDays((i) => (i === 29 ? 3 : 0)) },
  ],
  online: [
    { medium: "Immoweb", from: "2026-09-01" },
    { medium: "Zimmo", from: "2026-09-01", to: "2026-10-15" },
    { medium: "Website kantoor", from: "2026-09-02" },
  ],
  calendar: Array.from({ length: 7 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 21 - i * 2, 9)).toISOString().replace(".000", ""),
    kind: i === 0 ? "Bezichtiging" : "Plaatsbezoek",
    status: i === 0 ? "Gepland" : "Uitgevoerd",
  })),
  communication: [
    { date: "2026-11-20T13:00:00Z", kind: "E-mail naar eigenaar" },
    { date: "2026-11-02T08:30:00Z", kind: "Telefoongesprek" },
  ],
};

export const villaDetail: OwnerPropertyDetail = {
  property: villa,
  last30,
  sources: [
    { source: "immoweb", views: 40 },
    { source: "site", views: 12 },
    { source: "newsletter", views: 5 },
    { source: "tiktok", views: 2 },
  ],
  appointments: [
    { start: "2026-11-28T09:00:00Z", end: "2026-11-28T09:30:00Z", status: "booked" },
    { start: "2026-11-14T09:00:00Z", end: "2026-11-14T09:30:00Z", status: "past" },
  ],
  history: [
    { date: "2026-11-20T14:05:00Z", kind: "visit-booked", source: "site", state: "delivered" },
    { date: "2026-11-19T10:00:00Z", kind: "information", source: "site", state: "pending" },
    { date: "2026-11-18T08:00:00Z", kind: "send-to-friend", source: "site", state: "delivered" },
    { date: "2026-11-12T16:30:00Z", kind: "information", source: "site", state: "received" },
  ],
  kinds: [
    { kind: "information", count: 2 },
    { kind: "visit-booked", count: 1 },
    { kind: "send-to-friend", count: 1 },
  ],
  documents: [{ name: "EPC-attest", url: "/documents/12/epc.pdf" }],
  platform: villaPlatform,
};

export const chaletDetail: OwnerPropertyDetail = {
  property: chalet,
  last30: last30.map((d) => ({ ...d, views: 0 })),
  sources: [],
  appointments: [],
  history: [],
  kinds: [],
  documents: [],
  platform: null,
};
