// The contract between the Go server (httpd/page*.go) and the UI.
//
// The first HTML of every page carries two JSON scripts: #site-data (SiteData:
// the shell's configuration, the same for every page) and #page-data
// (PageData: this page, localized). GET /api/page?path=… answers the same
// PageData for client-side navigation and GET /api/site the same SiteData.

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
  email: string;
  vat: string;
  ipi: string; // professional licence number, shown in the footer
  geo: { lat: number; lng: number };
  openingHours: OpeningHours[];
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
}

/** Where config places an image (banner, modules, pages). */
export interface ImageSetting {
  kind: "image" | "color" | "gallery" | "video" | "empty";
  images: Image[]; // image: one; gallery: several
  color: string; // kind color
  video: { src: string; poster: string; type: string } | null; // kind video: muted, looping
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
  | "not-found";

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
  breadcrumb: { name: string; path: string }[]; // public paths, home first
  preview: boolean; // 'preview' paths skip consent and tracking
  redirect?: string; // /api/page only: go there instead (301/302 for HTML requests)
  content: PageContent | null;
  counts?: { sale: number; rent: number }; // home: for the home search block
  property?: PropertySummary; // view "property"
}

export interface PageContent {
  intro: string; // plain text
  html: string; // body rendered from Markdown by the server (safe: no raw HTML)
  image: ImageSetting;
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
}

export interface ModuleItem {
  type: "article" | "testimonial" | "contact";
  path: string; // public path ("" for contact)
  title: string;
  intro: string;
  image: Image | null;
}

/** The spec's conditional display rule, evaluated against the PageData (content/condition.ts). */
export interface Condition {
  field: string; // dotted path into PageData, e.g. "counts.rent"
  logic: "equals" | "notEquals" | "greaterThan" | "lessThan" | "contains" | "empty" | "notEmpty";
  compareWithField: string; // dotted path; wins over compareWithValue when set
  compareWithValue: string | number | boolean | null;
  advancedCondition: { all?: Condition[]; any?: Condition[] } | null; // combined with the rule by AND
}

export interface PropertySummary {
  id: number;
  goal: "sale" | "rent";
  type: string;
  city: string;
  zip: string;
  priceText: string;
  description: string;
  status: "available" | "sold" | "rented" | "option";
  photo: Image | null;
}
