// Owner API answers for the portal's tests (imported by *.test.tsx only).
import type { OwnerProperties, OwnerProperty, OwnerPropertyDetail } from "../../lib/api/account";

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
};

export const chaletDetail: OwnerPropertyDetail = {
  property: chalet,
  last30: last30.map((d) => ({ ...d, views: 0 })),
  sources: [],
  appointments: [],
  history: [],
  kinds: [],
  documents: [],
};
