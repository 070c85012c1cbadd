// The contract between the Go server (site/, pagedata/ and httpd/page*.go) and the UI.
//
// The first HTML of every page carries two JSON scripts: #site-data (SiteData:
// the shell's configuration, the same for every page) and #page-data
// (PageData: this page, localized). GET /api/page?path=… answers the same
// PageData for client-side navigation and GET /api/site the same SiteData.

import type { CalculatorRates } from "./calculatorRates";

export type Lang = string; // "nl" | "fr" | "en" | "de", whatever languages.enabled holds

/** Translatable config content: keyed by language, falling back to the upper-case key (see content/text.ts). */
export type Text = Record<string, string>;

export interface SiteData {
  languages: Lang[]; // enabled, in configured order
  defaultLanguage: Lang;
  baseUrl: string;
  routes: RouteEntry[];
  agency: Agency;
  header: HeaderSettings;
  topBar: TopBar;
  menu: MenuItem[];
  banner: ImageSetting;
  homeSearch: HomeSearch;
  footer: Footer;
  analytics: Analytics;
  consent: { enabled: boolean };
  map: { tileUrl: string; attribution: string };
  calculator?: CalculatorRates; // site.calculator: acquisition-cost rates; absent hides the calculator
  captcha?: "altcha" | "recaptcha" | "off"; // forms.captcha: the forms' spam check; absent means altcha
}

/** One row of the localized route table (site.routes). */
export interface RouteEntry {
  internal: string; // "/for-sale/", "/feedback/{form}/"
  paths: Record<Lang, string>; // "/nl/te-koop/", "/nl/bedankt/{form}/"
  params?: Record<string, string[]>; // allowed values of a {param} segment; unlisted takes any slug
  redirect?: string; // internal path this page sends visitors to
  external?: string; // absolute address of a 'project' path
}

export interface Agency {
  name: string;
  legalName: string;
  logo: Image; // alt is the agency name
  address: { street: string; number: string; box: string; zip: string; city: string; countryId: number; countryName: Text };
  phone: string; // display form, e.g. "061 23 45 67"
  phoneHref: string; // "tel:+3261234567"
  whatsappHref: string; // "https://wa.me/3261234567", "" when the agency has no WhatsApp number
  email: string;
  vat: string;
  ipi: string; // BIV/IPI licence number (the licence is Belgian), shown in the footer
  geo: { lat: number; lng: number };
  openingHours: OpeningHours[];
  // The mentions the law asks of an agency's website (config/agency.go): the server refuses a config without them.
  ipiTitle: Text; // professional title that goes with the BIV/IPI number, "Erkend vastgoedmakelaar-bemiddelaar"
  companyNumber: string; // KBO/BCE enterprise number, "0712.345.678"
  supervisor: { name: Text; address: Text }; // the supervising authority
  insurer: { name: string; policy: string }; // professional liability and surety
  deontologyUrl: Text; // the BIV/IPI deontology code, per language
}

export interface OpeningHours {
  days: ("mo" | "tu" | "we" | "th" | "fr" | "sa" | "su")[];
  opens: string; // "09:00"
  closes: string; // "12:30"
  byAppointment: boolean;
}

export interface HeaderSettings {
  logoPosition: "left" | "center" | "right";
  hideLogoOnHomeUntilScroll: boolean;
  showHome: boolean; // the main menu lists home
  contactDemandInMobileMenu: boolean;
}

export interface TopBar {
  show: boolean;
  left: TopBarItem[];
  right: TopBarItem[];
}

export interface TopBarItem {
  status: boolean; // shown only when true ('on')
  label: Text;
  link: string; // internal path ("/office/"), or external ("tel:", "mailto:", "https://…", "//…")
  icon: string; // "phone" | "mail" | "pin" | "facebook" | "instagram" | "linkedin" | "" …
  color: string; // CSS color or ""
}

export interface MenuItem {
  id: string;
  path: string; // internal path of the route table, or an external address
  status: "Published" | "Unpublished";
  sort: number;
  title: Text;
  children: MenuItem[];
}

export interface Image {
  src: string;
  width: number;
  height: number;
  alt: Text;
  optimized?: Optimized; // the banner's photo on our own origin, once the image pipeline made it (lib/photo)
}

/** An image of page data: config's Image with its alt text in the page's language. */
export interface PageImage {
  src: string;
  width: number;
  height: number;
  alt: string;
  optimized?: Optimized; // the image on our own origin, once the image pipeline made it (lib/photo)
}

/** Where config places an image (banner, modules, pages). */
export interface ImageSetting {
  kind: "image" | "color" | "gallery" | "video" | "empty";
  images: Image[]; // image: one; gallery: several
  color: string; // kind color
  video: { src: string; poster: string; type: string } | null; // kind video: muted, looping
}

/** An ImageSetting of page data (a page's or module's image), its alt texts in the page's language. */
export interface PageImageSetting extends Omit<ImageSetting, "images"> {
  images: PageImage[];
}

export interface HomeSearch {
  enabled: boolean;
  title: Text;
  description: Text;
  showCounts: boolean;
}

export interface Footer {
  columns: FooterColumn[];
  copyright: Text; // "{{year}}" and "{{name}}" are interpolated
}

export interface FooterColumn {
  title: Text;
  introText: { html: Text; public: boolean }; // rendered from Markdown by the server; shown when public
  fullText: { html: Text; public: boolean };
  images: Image[];
  widths: { sm: number; md: number; lg: number }; // of 12 columns
}

export interface Analytics {
  googleAnalytics: string; // G-…
  googleAds: string; // AW-…
  tagManager: string; // GTM-…
  facebookPixel: string;
  recaptchaSiteKey: string;
}

export type View =
  | "home"
  | "for-sale"
  | "for-rent"
  | "office"
  | "guestbook"
  | "login"
  | "demand-register"
  | "contact-demand"
  | "feedback"
  | "article"
  | "property"
  | "projects"
  | "project"
  | "not-found"
  // Account screens (data from the account API in api/account.ts, per person, never in page data):
  | "password-forgotten" // the reset request form
  | "password-reset" // the new password form; the token is in location.hash ("#token=…")
  | "owner-portal" // ?property=ID selects a property; without it, all of them
  | "my-search" // the searcher's criteria, pause, unsubscribe
  | "unsubscribe" // one-click unsubscribe landing; the token is in location.hash ("#token=…")
  | "demand-confirm" // the demand register's confirmation landing; the token is in location.hash ("#token=…")
  | "favourites"; // the visitor's saved listings, from localStorage; their state from GET /api/properties/state

export interface PageData {
  lang: Lang;
  status: number; // the HTTP status the server answers for this path (200, 404, 410)
  view: View;
  path: string; // canonical public path
  internal: string; // internal path with parameters filled ("/feedback/contact-me/"); "" when not found
  title: string; // the page's heading
  documentTitle: string; // <title>
  description: string;
  alternates: { lang: Lang; path: string }[]; // this page in every enabled language that has it
  switchTo?: { lang: Lang; path: string }[]; // for the language switcher of a page without alternates (a withdrawn listing's 410 page)
  breadcrumb: { name: string; path: string }[]; // public paths, home first
  preview: boolean; // 'preview' paths skip consent and tracking
  redirect?: string; // /api/page only: go there instead (301/302 for HTML requests)
  content: PageContent | null;
  counts?: { sale: number; rent: number }; // home: for the home search block
  missing?: "property"; // view "not-found": the address was a listing's (the title then says 'Property not found')
  testimonials?: Testimonial[]; // view "guestbook": the published testimonials, newest first
  typeTree?: TypeNode[]; // views "for-sale" and "for-rent": the type filter, ordered as site.type_sort says
  townZips?: Record<string, string>; // views "for-sale" and "for-rent": the postcodes of each town name, for the town filter
  property?: PropertyDetail; // view "property" (also on the 410 page of a withdrawn listing)
  similar?: SimilarCard[]; // view "property": up to 4 active listings of the same goal, same type first, nearest price
  projects?: ProjectCard[]; // view "projects": the current projects; absent when there are none
  project?: ProjectDetail; // view "project"; absent on its 404 ('No construction was found')
  year?: number; // the year (sync.timezone) when the server made this page data: the footer's copyright year
}

/** A property type of the list's type filter: a category (platform ParentID 0) and its sub-types. The filter refines
 * the hits' typeId; a category stands for its own id and its sub-types'. */
export interface TypeNode {
  id: number;
  name: string;
  webId: number;
  children: TypeNode[];
}

export interface PageContent {
  intro: string; // plain text
  html: string; // body rendered from Markdown by the server (safe: no raw HTML)
  image: PageImageSetting;
  modules: Module[];
}

export interface Module {
  id: string;
  title: string;
  description: string; // plain text
  position: number; // order on the page
  span: number; // rows
  col: { sm: number; md: number; lg: number }; // of 12 columns
  view: "single-view" | "list-view";
  items: ModuleItem[]; // resolved relations, at most maxItems (default 4)
  condition: Condition | null;
  listings?: ModuleListings; // a "listings" relation: a list's newest listings
}

export interface ModuleListings {
  goal: "sale" | "rent";
  path: string; // the list page, in the page's language
  cards: SimilarCard[]; // newest first, still on the market
}

export interface ModuleItem {
  type: "article" | "testimonial" | "contact";
  path: string; // public path ("" for contact)
  title: string;
  intro: string;
  image: PageImage | null;
}

/** The spec's conditional display rule, evaluated against the PageData (content/condition.ts). */
export interface Condition {
  field: string; // dotted path into PageData, e.g. "counts.rent"
  logic: "equals" | "notEquals" | "greaterThan" | "lessThan" | "contains" | "empty" | "notEmpty";
  compareWithField: string; // dotted path; wins over compareWithValue when set
  compareWithValue: string | number | boolean | null;
  advancedCondition: { all?: Condition[]; any?: Condition[] } | null; // combined with the rule by AND
}

export type PropertyStatus = "available" | "sold" | "rented" | "option";

/** What a visitor may see of a listing (site.PropertyView). Private parts are absent, not hidden: no street, number
 * or box when the address is not published, a rounded point (approximate) then, no amount for a price on request.
 * Numbers that are 0 and strings that are "" are not filled: hide them. */
export interface PropertyDetail {
  id: number;
  goal: "sale" | "rent";
  type: string; // "Villa"
  mainType: string; // "Huis"
  title: string;
  city: string;
  zip: string;
  priceText: string; // formatted price, "price on request" in the page's language, "starting from"/"per month" included
  description: string; // plain text, cut to 250 characters (cards, meta)
  paragraphs: string[]; // the full description, plain-text paragraphs
  status: PropertyStatus | "withdrawn"; // "withdrawn" with `withdrawn`: no longer offered, so no availability
  withdrawn: boolean; // the page answers 410: show the withdrawn state and `similar`; price, costs, banner and availability are empty
  marquee: number; // platform banner code, the agency's own: its meaning is the server's to tell (badge)
  marqueeName: string;
  badge?: "new" | "priceDrop" | "option" | "sold" | "rented"; // the banner the server makes of status and marquee; absent: none
  projectId: number; // 0 unless a unit of a new-build project
  project: { name: string; url: string } | null; // that project when the site shows it
  photo: { src: string; width: number; height: number; alt: string } | null; // first photo, original rendition (og:image)

  address: {
    street: string; // "" when not published
    houseNumber: string;
    box: string;
    zip: string;
    city: string;
    countryId: number;
    countryName: string;
    published: boolean;
    formatted: string; // "Rue Haute 12/3, 6800 Libramont" (no street when not published)
  };
  geo: { lat: number; lng: number; approximate: boolean } | null; // approximate: show an area, not a pin
  price: {
    amount: number | null; // null when not published
    published: boolean;
    startingFrom: boolean;
    text: string; // same as priceText
  };
  previousPrice: number | null; // a 'price reduced' listing's amount before its last drop, when higher than price
  previousPriceText: string; // that amount formatted like priceText, "" without one
  costs: {
    chargesOwner?: number;
    chargesRenter?: number;
    totalCost?: number;
    deposit?: number;
    notaryFee?: number;
    notaryFeeVat?: number;
    registrationType?: string;
    vatValue?: number;
    vatRegime?: boolean;
    realEstateTax?: number; // cadastral income
  };
  surfaces: {
    // m², widths in m
    total?: number;
    living?: number;
    ground?: number;
    terrace?: number;
    garden?: number;
    office?: number;
    constructed?: number;
    plotWidth?: number;
    frontWidth?: number;
  };
  layout: {
    facades?: number; // 4 open, 3 half-open, 2 closed
    bedrooms?: number;
    bathrooms?: number;
    showerRooms?: number;
    toilets?: number;
    garages?: number;
    parkings?: number;
    externalParkings?: number;
    floors?: number;
    floor?: string; // the floor a flat is on, "2"
    extraRooms?: string;
    constructionYear?: number;
    renovationYear?: number;
  };
  energy: {
    value: number; // kWh/m²·year
    total: number; // kWh/year
    labelText: string;
    label: string; // "a_plus", "b", "e_sub", …; "" when none
    region: "flanders" | "brussels" | "wallonia" | "luxembourg" | "other" | ""; // the certificate's, else the postcode's (listing.RegionOf)
    imagePath: string; // "/images/epc/{region}/{label}.png", "" when no image
    expiry: string; // d/m/yyyy or ""
    co2: number;
    eLevel: number;
    heating: string;
    certNumber: string;
    renovationNotice: boolean; // for sale, E or F label in Flanders (listing.RenovationObligation): show the renovation obligation
  };
  comfort: {
    condition?: string; // the platform's ConditionName, "Gerenoveerd"
    construction?: string; // its ConstructionName, "Open bebouwing"
    kitchen?: string;
    comfort?: string;
    roofMaterial?: string;
    roofCondition?: string;
    windowFrame?: string;
    windowGlazing?: string;
    floorCovering?: string;
    orientationTerrace?: string;
    orientationGarden?: string;
  };
  legal: {
    floodZone?: string;
    riparianZone?: boolean;
    floodRisk?: string;
    gScore?: string;
    pScore?: string;
    asbestosType?: string;
    asbestosDate: string; // d/m/yyyy or ""
    mobiscore?: number;
    registeredRight?: string;
    planning?: string;
    permit?: string;
    allotmentPermit?: string;
    summons?: string;
    preemptiveRights?: string;
    judicialDecision?: number; // 0 none, 1 yes, 2 pending
  };
  features: PropertyFeature[]; // the set equipment flags
  viager: { bouquet?: number; monthlyRent?: number; ages?: string } | null;
  /** Legal mentions of the region (Go compliance.Block); null outside Belgium and Luxembourg. */
  mentions: LegalMentions | null;
  availability: string; // free text from the platform
  availableFrom: string; // d/m/yyyy or ""
  createdAt: string; // d/m/yyyy
  changedAt: string; // d/m/yyyy
  // The server preloads photos[0] with the srcset of its variants from 400 px and sizes
  // "(max-width: 1050px) 100vw, 1050px": the gallery's first image should use the same, or the browser fetches twice.
  photos: PropertyPhoto[];
  videos: PropertyVideo[];
  documents: { id?: number; name: string; url?: string; kind?: string }[];
  agent: { name: string; phone: string; phoneHref: string; email: string; photo: string } | null; // phone "0475 12 34 56", phoneHref "tel:+32475123456"
  pointsOfInterest: { kind: string; name: string; distance?: number }[]; // distance in metres
  // The synced visit slots a visitor may book (contact-appointment), soonest first; absent when the listing has none.
  // start/end are ISO date-times; free is the number of places left (0: full, not offered).
  visitSlots?: { id: string; start: string; end: string; free: number }[];
}

export type PropertyFeature =
  | "gas"
  | "water"
  | "lift"
  | "cellar"
  | "garden"
  | "terrace"
  | "attic"
  | "furnished"
  | "garage"
  | "parking"
  | "electricity"
  | "drain";

/** One rendition of a photo. */
export interface Rendition {
  url: string;
  width: number;
  height: number;
  optimized?: Optimized; // absent until the image pipeline processed the photo: it is then shown from url
}

/**
 * A photo's renditions on the site's own origin (Go listing.Optimized):
 * every width in every format, at base + width + "." + format
 * ("/img/3f/3fa9…/800.avif"); features/photo turns them into a <picture>.
 */
export interface Optimized {
  base: string;
  width: number; // the largest rendition's, in pixels
  height: number;
  widths: number[]; // ascending, the last the largest (at most 2048)
  formats: string[]; // file extensions, best first; "jpg", the fallback, always among them
}

/** A photo: its original and every rendition, smallest first (for srcset). */
export interface PropertyPhoto extends Rendition {
  alt: string;
  variants: Rendition[];
}

export interface PropertyVideo {
  kind: "youtube" | "vimeo" | "facebook" | "file" | "tour" | "partner";
  url: string; // the link as given (normalised to https)
  embedUrl: string; // iframe src; for "file" the file itself (<video>)
}

/** A card of PageData.similar. */
export interface SimilarCard {
  id: number;
  url: string; // canonical detail path in the page's language
  type: string;
  city: string;
  priceText: string;
  thumbnail: Rendition | null; // ~280 px wide
  status: PropertyStatus;
}

/** A new-build project (site.ProjectView). Like PropertyDetail: no street and an approximate point when the address is
 * not published. Amounts of 0 and "" texts are not filled. */
export interface ProjectDetail {
  id: number;
  number: string; // project number
  name: string;
  description: string; // plain text, cut to 250 characters
  paragraphs: string[];
  address: PropertyDetail["address"];
  geo: PropertyDetail["geo"];
  priceMin: number;
  priceMax: number;
  priceMinText: string; // formatted amount ("€ 189.000"), "" when unknown; the UI words the range
  priceMaxText: string;
  priceList: string; // address of the price list document, ""
  delivery: string; // free text: "Q3 2027"
  types: string[];
  soldOut: boolean; // no unit left
  units: ProjectUnit[];
  photos: PropertyPhoto[];
  videos: PropertyVideo[];
  documents: PropertyDetail["documents"];
  agent: PropertyDetail["agent"];
  changedAt: string; // d/m/yyyy
}

export interface ProjectUnit {
  id: number;
  name: string;
  floor: string;
  price: number; // 0 when not given
  priceText: string; // formatted amount, ""
  bedrooms: number;
  surface: number; // m²
  status: PropertyStatus;
  url: string; // the unit's detail page when it is listed as a property, ""
}

/** A card of PageData.projects. */
export interface ProjectCard {
  id: number;
  url: string;
  name: string;
  city: string;
  zip: string;
  description: string;
  priceMinText: string;
  priceMaxText: string;
  delivery: string;
  types: string[];
  soldOut: boolean;
  thumbnail: Rendition | null;
}

/** A visitor's testimonial the agency approved (estate testimonials approve). */
export interface Testimonial {
  id: number;
  name: string;
  about: string; // who they are, e.g. "Buyer in Bouillon"; "" when not given
  website: string; // "" when not given
  comment: string; // plain text, line breaks kept
  date: string; // d/m/yyyy
}

/** One row of the legal mentions (Go compliance.Row); optional fields are only set when known. */
export interface LegalMentionRow {
  rule: string; // "flanders.epc", "wallonia.peb", ...
  field: string; // "epcValue", "permit", "pScore", ...
  value?: string;
  number?: number;
  label?: string; // EPC grade key, e.g. "b", "a_plus"
  code?: string; // Flemish planning abbreviation, e.g. "Vg", "GVkr"
  date?: string; // d/m/yyyy
  notCommunicated?: boolean;
}

/** The legal mentions block of a detail page (Go compliance.Block). */
export interface LegalMentions {
  region: "flanders" | "wallonia" | "brussels" | "luxembourg";
  rows: LegalMentionRow[];
  priceNote: "" | "vatExcluded" | "vatIncluded" | "registrationExcluded";
}
