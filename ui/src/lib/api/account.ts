// The contract of the account API (httpd/account.go): who is logged in, login
// and logout, password reset, the owner portal and the searcher's alert
// profile. Every answer is JSON with Cache-Control: no-store.
//
// CSRF: every POST/PUT under /api/account, /api/owner and /api/demand carries
// the header `X-CSRF-Token` with the `csrf` of GET /api/account (the server
// answers 403 without it). The token is bound to an HttpOnly cookie and
// changes at login and logout, so read it again after either.
//
// Errors: 401 {message} when the session is missing or expired (the UI sends
// the person to the login page with ?next=<current path>), 403 {message} for
// a missing or wrong CSRF token or the wrong kind of account, 404 {message}
// for a property that is not the owner's, 422 {message, errors: {field:
// message}}, 429 {message} with Retry-After. Every message is localized by
// the `lang` of the body, or the `?lang=` of a GET.

/** The body of a 401: expired is true when a session existed and timed out (the login page then says so). */
export interface Unauthorized {
  message: string;
  expired?: boolean;
}

export type AccountKind = "owner" | "searcher";

/** GET /api/account */
export interface AccountState {
  csrf: string;
  account: Account | null;
}

export interface Account {
  kind: AccountKind;
  email: string;
  lang: string;
  home: string; // the account's screen in its language: the owner portal or my-search
}

/** POST /api/account/login → 200 LoginAnswer (sets the session cookie) | 401 LoginFailure | 429 {message} */
export interface LoginRequest {
  email: string;
  password: string;
  lang: string;
  next?: string; // a path of this site to go to afterwards; anything else is ignored
}
export interface LoginAnswer {
  redirect: string; // next when it is one of our paths, else the account's home
}
export interface LoginFailure {
  message: string; // 'Login failed'
  detail: string; // 'The username or password are not correct.'
}

/** POST /api/account/logout {lang, everywhere?} → 200 {redirect} (the login page) */
export interface LogoutRequest {
  lang: string;
  everywhere?: boolean; // end every session of the account, not only this one
}

/** POST /api/account/password-reset {email, lang} → 202 {message}, the same whether or not the email has an account. */
export interface ResetRequest {
  email: string;
  lang: string;
}

/** POST /api/account/password {token, password, passwordConfirm, lang} → 200 {redirect} (login page with ?reset=1)
 * | 400 {message} (token unknown, used or expired: ask a new one) | 422 {message, errors}. No CSRF session is needed
 * beyond the usual header: the token is the authority. */
export interface NewPasswordRequest {
  token: string;
  password: string;
  passwordConfirm: string;
  lang: string;
}

/** GET /api/owner/properties?lang= → OwnerProperties */
export interface OwnerProperties {
  properties: OwnerProperty[];
}

export interface OwnerProperty {
  id: number;
  title: string; // "Villa – Durbuy"
  city: string;
  url: string; // the public detail path in the asked language; "" when the listing is no longer published
  thumbnail: { url: string; width: number; height: number } | null;
  status: "available" | "sold" | "rented" | "option" | "withdrawn";
  priceText: string; // as on the site ("€ 325.000", "Prijs op aanvraag")
  visits: VisitTotals;
}

export interface VisitTotals {
  today: number;
  week: number; // since Monday, Europe/Brussels
  month: number; // since the 1st
  total: number;
}

/** GET /api/owner/properties/{id}?lang= → OwnerPropertyDetail | 404 when the property is not the owner's */
export interface OwnerPropertyDetail {
  property: OwnerProperty;
  last30: { date: string; views: number }[]; // 30 days, oldest first, "2026-11-22", zero-filled
  sources: { source: string; views: number }[]; // most first; source is a key: "site", "immoweb", "zimmo",
  // "facebook", "google", "newsletter", "direct", "other", or another utm_source as given
  appointments: Appointment[]; // upcoming first, then past
  history: HistoryEntry[]; // newest first
  kinds: KindCount[]; // the requests per kind, most first
  documents: { name: string; url: string }[];
  platform: PlatformStats | null; // the listing platform's own statistics; null until it has any
}

/** What the agency's listing platform counts about the property, as the site last fetched it. Medium names, kinds
 * and statuses are the platform's texts, already in the asked language: shown as given. */
export interface PlatformStats {
  fetchedAt: string; // RFC 3339: when the site last got them from the platform
  visits: VisitTotals;
  media: PlatformMedium[]; // most views first
  online: PlatformOnline[];
  calendar: PlatformAppointment[]; // newest first
  communication: PlatformContact[]; // newest first
}

/** The views on one medium: 30 days ending yesterday, oldest first, zero-filled ("2026-11-22"). */
export interface PlatformMedium {
  medium: string;
  days: { date: string; views: number }[];
}

/** When the listing was online on a medium: from and to are days ("2026-10-03"); no to while it still is. */
export interface PlatformOnline {
  medium: string;
  from: string;
  to?: string;
}

export interface PlatformAppointment {
  date: string; // RFC 3339
  kind: string;
  status: string;
}

export interface PlatformContact {
  date: string; // RFC 3339
  kind: string;
}

// A visitor wrote to the agency, not to the owner: nothing below names who asked or carries what they typed
// (GDPR data minimisation). The server builds these from an allow-list, so the API never holds more.

/** A visit booked on the site: when, and whether it is still to come. */
export interface Appointment {
  start: string; // RFC 3339
  end: string;
  status: "booked" | "past";
}

/** What a request was about: "information" and "visit-request" (the information form), "visit-booked" (a slot
 * booked), "documents", "offer", "rent-application", "send-to-friend" (a visitor sent the listing to someone), or
 * "other". */
export type RequestKind =
  | "information"
  | "visit-request"
  | "visit-booked"
  | "documents"
  | "offer"
  | "rent-application"
  | "send-to-friend"
  | "other";

/** One request about the property. */
export interface HistoryEntry {
  date: string; // RFC 3339
  kind: RequestKind;
  source: string; // "site" (a form of this site)
  state: "received" | "delivered" | "pending"; // pending until every mail it owed went out
}

export interface KindCount {
  kind: RequestKind;
  count: number;
}

/** The searcher's criteria: what an alert matches. Zero or empty means 'no condition'. */
export interface Criteria {
  goal: "buy" | "rent";
  budget: number; // what the person can spend, asked at sign-up; bounds the price as maxPrice does
  minPrice: number;
  maxPrice: number;
  minRooms: number; // bedrooms
  minBathrooms: number;
  minGarages: number;
  minParkings: number;
  types: number[]; // property type ids (a category stands for its sub-types)
  zips: string[]; // postcodes ("6830", "L-1234"); a PUT may name towns of the towns index, saved as their
  // postcodes (422 naming the town when no town has that name); a listing matches when its postcode is one of
  // them OR it lies in area
  area: [number, number][]; // polygon as [lat, lng] points (3 to 100), or []
  timeSlots: ("morning" | "afternoon" | "evening")[];
  newsletter: boolean;
  remark: string;
}

/** GET /api/demand?lang= → Demand | 403 for an owner account */
export interface Demand {
  criteria: Criteria;
  frequency: "immediate" | "daily"; // alert mails as matches come, or one digest a day (at most 10 listings each)
  paused: boolean;
  unsubscribed: boolean;
  email: string;
  typeTree: import("./types").TypeNode[]; // for the types picker, in the asked language
}

/** PUT /api/demand {criteria, frequency, lang} → 200 Demand | 422 {message, errors} */
export interface DemandUpdate {
  criteria: Criteria;
  frequency: "immediate" | "daily";
  lang: string;
}

/** POST /api/demand/pause {paused, lang} → 200 Demand
 *  POST /api/demand/unsubscribe {lang} → 200 Demand (unsubscribed: true; alerts stop, the account stays; resuming
 *  with pause {paused:false} subscribes again).
 *  POST /api/alerts/unsubscribe?token=… (RFC 8058 one-click; body "List-Unsubscribe=One-Click" or JSON {lang}) →
 *  200 {message} | 400 {message}: no session, no CSRF header — the signed token is the authority. */
export interface UnsubscribeAnswer {
  message: string;
}

/** The demand register's confirmation page's button (the token of its mail's link, in the page's #fragment):
 *  POST /api/alerts/confirm {token, lang} with the CSRF header → 200 {message, email, login} (the account is open;
 *  login is the login page's path) | 400 {message} (used, replaced by a newer sign-up, or expired) | 429. */
export interface ConfirmAnswer {
  message: string;
  email: string;
  login: string;
}
