// Fixtures and render helpers for the shell's tests (imported by *.test.tsx only).
import { render, type RenderResult } from "@testing-library/react";
import i18next, { type i18n } from "i18next";
import type { ReactElement, ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { TestQueries } from "./testQueries";
import type { PageData, RouteEntry, SiteData } from "../lib/api/types";
import de from "../locales/de/common.json";
import en from "../locales/en/common.json";
import fr from "../locales/fr/common.json";
import nl from "../locales/nl/common.json";
import { site as pagesSite } from "../pages/__fixtures__/site";
import { PageContext, SiteContext } from "./context";

export const commonTexts = { en, nl, fr, de };

const route = (internal: string, paths: Record<string, string>, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  internal,
  paths,
  ...extra,
});

export const testRoutes: RouteEntry[] = [
  route("/", { nl: "/nl/", fr: "/fr/", en: "/en/" }),
  route("/for-sale/", { nl: "/nl/te-koop/", fr: "/fr/a-vendre/", en: "/en/for-sale/" }),
  route("/for-rent/", { nl: "/nl/te-huur/", fr: "/fr/a-louer/", en: "/en/for-rent/" }),
  route("/office/", { nl: "/nl/ons-kantoor/", fr: "/fr/notre-agence/" }),
  route("/owners/", { nl: "/nl/eigenaars/", fr: "/fr/proprietaires/" }, { redirect: "/login/" }),
  route("/disclaimer/", { nl: "/nl/disclaimer/", fr: "/fr/disclaimer/" }),
  route("/privacy-statement/", { nl: "/nl/privacy-statement/", fr: "/fr/privacy-statement/" }),
  route("/cookie-policy/", { nl: "/nl/cookie-policy/", fr: "/fr/cookie-policy/" }),
  route("/demand-register/", { nl: "/nl/inschrijven/", fr: "/fr/je-m'inscris/" }),
  route("/contact-demand/", { nl: "/nl/gratis-schatting/", fr: "/fr/expertise-gratuite/" }),
  route("/login/", { nl: "/nl/login/", fr: "/fr/login/", en: "/en/login/" }),
  route(
    "/feedback/{form}/",
    { nl: "/nl/bedankt/{form}/", fr: "/fr/merci/{form}/" },
    { params: { form: ["contact-me", "site-contact", "demand-register"] } },
  ),
  route("/services/sale/", { nl: "/nl/onze-diensten/verkoop/", fr: "/fr/nos-services/vente/" }),
  route("/testimonials/{slug}/", { nl: "/nl/testimonials/{slug}/", fr: "/fr/testimonials/{slug}/" }),
  route("/stat/{stat}/", { nl: "/nl/stat/{stat}/", fr: "/fr/stat/{stat}/" }, {
    params: { stat: ["stat-commercial", "stat-commons"] },
  }),
];

export function testSite(overrides: Partial<SiteData> = {}): SiteData {
  return {
    languages: ["nl", "fr"],
    defaultLanguage: "nl",
    baseUrl: "http://localhost:8080",
    routes: testRoutes,
    agency: {
      ...pagesSite.agency,
      address: { ...pagesSite.agency.address, box: "" },
      ipi: "512.345",
      geo: { lat: 49.92, lng: 5.38 },
      openingHours: [],
    },
    header: { logoPosition: "left", hideLogoOnHomeUntilScroll: false, showHome: true, contactDemandInMobileMenu: true },
    topBar: {
      show: true,
      left: [
        { status: true, label: { nl: "061 23 45 67" }, link: "tel:+3261234567", icon: "phone", color: "" },
        { status: false, label: { nl: "Verborgen" }, link: "/office/", icon: "", color: "" },
      ],
      right: [{ status: true, label: {}, link: "https://www.facebook.com/ardenne-immo", icon: "facebook", color: "" }],
    },
    menu: [
      { id: "home", path: "/", status: "Published", sort: 0, title: { nl: "Home", fr: "Accueil" }, children: [] },
      {
        id: "sale",
        path: "/for-sale/",
        status: "Published",
        sort: 1,
        title: { nl: "Te koop", fr: "À vendre" },
        children: [],
      },
      {
        id: "services",
        path: "/services/sale/",
        status: "Published",
        sort: 3,
        title: { nl: "Diensten", fr: "Services" },
        children: [
          { id: "s2", path: "/office/", status: "Published", sort: 2, title: { nl: "Kantoor" }, children: [] },
          { id: "s1", path: "/services/sale/", status: "Published", sort: 1, title: { nl: "Verkoop" }, children: [] },
          { id: "s3", path: "/owners/", status: "Unpublished", sort: 3, title: { nl: "Eigenaars" }, children: [] },
        ],
      },
      { id: "rent", path: "/for-rent/", status: "Unpublished", sort: 2, title: { nl: "Te huur" }, children: [] },
    ],
    banner: { kind: "image", images: [{ src: "/demo/photos/b/1/1600.jpg", width: 1600, height: 1067, alt: { nl: "Ardennen" } }], color: "", video: null },
    homeSearch: { enabled: true, title: { nl: "Zoek uw woning" }, description: { nl: "In de Ardennen" }, showCounts: true },
    footer: {
      columns: [
        {
          title: { nl: "Contact" },
          introText: { html: { nl: "<p>Grand-Rue 24</p>" }, public: true },
          fullText: { html: { nl: "<p>Verborgen tekst</p>" }, public: false },
          images: [],
          widths: { sm: 12, md: 6, lg: 4 },
        },
      ],
      copyright: { nl: "© {{year}} {{name}}" },
    },
    analytics: { googleAnalytics: "", googleAds: "", tagManager: "", facebookPixel: "", recaptchaSiteKey: "" },
    consent: { enabled: true },
    map: { tileUrl: "", attribution: "" },
    ...overrides,
  };
}

export function testPage(overrides: Partial<PageData> = {}): PageData {
  return {
    lang: "nl",
    status: 200,
    view: "office",
    path: "/nl/ons-kantoor/",
    internal: "/office/",
    title: "Ons kantoor",
    documentTitle: "Ons kantoor | Ardenne Immo",
    description: "",
    alternates: [
      { lang: "nl", path: "/nl/ons-kantoor/" },
      { lang: "fr", path: "/fr/notre-agence/" },
    ],
    breadcrumb: [
      { name: "Home", path: "/nl/" },
      { name: "Ons kantoor", path: "/nl/ons-kantoor/" },
    ],
    preview: false,
    content: null,
    ...overrides,
  };
}

/** An i18next instance holding the common texts of all four languages, ready at once. */
export function testI18n(lang: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: "nl",
    resources: Object.fromEntries(Object.entries(commonTexts).map(([l, texts]) => [l, { common: texts }])),
    ns: ["common"],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

interface ShellOptions {
  site?: SiteData;
  page?: PageData;
  path?: string;
}

/** Renders shell parts as the app does: router, texts, site and page contexts. */
export function renderInShell(ui: ReactElement, { site = testSite(), page = testPage(), path }: ShellOptions = {}): RenderResult {
  const wrap = (children: ReactNode) => (
    <TestQueries>
      <I18nextProvider i18n={testI18n(page.lang)}>
        <MemoryRouter initialEntries={[path ?? page.path]}>
          <SiteContext.Provider value={site}>
            <PageContext.Provider value={page}>{children}</PageContext.Provider>
          </SiteContext.Provider>
        </MemoryRouter>
      </I18nextProvider>
    </TestQueries>
  );
  return render(wrap(ui));
}

/**
 * Renders a screen at `path` with its texts; any other path it goes to
 * renders "landed on {pathname}{search}" (the search left out when
 * withSearch is false), for tests of where a screen sends the visitor.
 */
export function renderRouted(ui: ReactElement, texts: i18n, path: string, { withSearch = true } = {}): RenderResult {
  return render(
    <TestQueries>
      <I18nextProvider i18n={texts}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path.split(/[?#]/)[0] ?? path} element={ui} />
            <Route path="*" element={<Landed withSearch={withSearch} />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </TestQueries>,
  );
}

function Landed({ withSearch }: { withSearch: boolean }) {
  const { pathname, search } = useLocation();
  return <p>landed on {withSearch ? `${pathname}${search}` : pathname}</p>;
}
