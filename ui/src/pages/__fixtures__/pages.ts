import type { Module, PageContent, PageData, PropertyDetail, View } from "../../lib/api/types";

/** A page's data as the server would send it, with what a test needs changed in extra. */
export function page(view: View, lang: string, path: string, internal: string, title: string, extra: Partial<PageData> = {}): PageData {
  return {
    lang,
    status: 200,
    view,
    path,
    internal,
    title,
    documentTitle: `${title} | Ardenne Immo`,
    description: "",
    alternates: [],
    breadcrumb: [{ name: lang === "fr" ? "Accueil" : "Home", path: `/${lang}/` }],
    preview: false,
    content: null,
    ...extra,
  };
}

function content(intro: string, html: string, modules: Module[] = [], image: PageContent["image"] = noImage): PageContent {
  return { intro, html, image, modules };
}

const noImage: PageContent["image"] = { kind: "empty", images: [], color: "", video: null };

export function module(id: string, position: number, extra: Partial<Module> = {}): Module {
  return {
    id,
    title: `Module ${id}`,
    description: "",
    position,
    span: 1,
    col: { sm: 12, md: 6, lg: 4 },
    view: "list-view",
    items: [],
    condition: null,
    ...extra,
  };
}

export const homeNl = page("home", "nl", "/nl/", "/", "Uw vastgoedkantoor in de Ardennen", {
  counts: { sale: 58, rent: 0 },
  content: content("Al twintig jaar verkopen en verhuren wij woningen in de provincie Luxemburg.", "<p>Van chalet tot boerderij: wij kennen de streek.</p>", [
    module("testimonials", 2, {
      title: "Wat klanten zeggen",
      col: { sm: 12, md: 12, lg: 6 },
      items: [
        {
          type: "testimonial",
          path: "/nl/testimonials/familie-peeters/",
          title: "Familie Peeters",
          intro: "Ons chalet in Bouillon was binnen de maand verkocht.",
          image: null,
        },
      ],
    }),
    module("services", 1, {
      title: "Onze diensten",
      description: "Verkoop, verhuur, beheer en syndic.",
      col: { sm: 12, md: 6, lg: 3 },
      items: [
        {
          type: "article",
          path: "/nl/onze-diensten/verkoop/",
          title: "Verkoop",
          intro: "Een correcte schatting en een verkoop zonder zorgen.",
          image: { src: "/demo/sale.jpg", width: 640, height: 427, alt: "Een verkochte woning" },
        },
      ],
    }),
    module("rentals", 3, {
      title: "Te huur",
      condition: { field: "counts.rent", logic: "greaterThan", compareWithField: "", compareWithValue: 0, advancedCondition: null },
    }),
    module("contact", 4, {
      title: "Contact",
      view: "single-view",
      items: [{ type: "contact", path: "", title: "Kom langs", intro: "Wij ontvangen u graag in ons kantoor.", image: null }],
    }),
  ]),
});

export const homeFr = page("home", "fr", "/fr/", "/", "Votre agence immobilière en Ardenne", {
  counts: { sale: 58, rent: 0 },
  content: content("Depuis vingt ans, nous vendons et louons des biens en province de Luxembourg.", "<p>Du chalet à la ferme : nous connaissons la région.</p>"),
});

export const officeNl = page("office", "nl", "/nl/ons-kantoor/", "/office/", "Ons kantoor", {
  content: content("", "<p>Ons kantoor ligt in het centrum van Libramont, vlak bij het station.</p>"),
});

export const officeFr = page("office", "fr", "/fr/notre-agence/", "/office/", "Notre agence", {
  content: content("", "<p>Notre agence se trouve au centre de Libramont, près de la gare.</p>"),
});

export const articleNl = page("article", "nl", "/nl/onze-diensten/verkoop/", "/services/sale/", "Verkoop", {
  content: content(
    "Wij begeleiden u van de schatting tot de akte.",
    "<h2>Onze aanpak</h2><ul><li>Gratis schatting</li><li>Professionele foto's</li></ul><table><tr><th>Stap</th><td>Schatting</td></tr></table>",
    [],
    { kind: "image", images: [{ src: "/demo/sale.jpg", width: 1200, height: 800, alt: "Een woning in Bastogne" }], color: "", video: null },
  ),
});

export const articleFr = page("article", "fr", "/fr/nos-services/vente/", "/services/sale/", "Vente", {
  content: content("Nous vous accompagnons de l'estimation à l'acte.", "<h2>Notre méthode</h2><p>Une estimation gratuite.</p>", [], {
    kind: "color",
    images: [],
    color: "#1f4e3d",
    video: null,
  }),
});

export const forSaleNl = page("for-sale", "nl", "/nl/te-koop/", "/for-sale/", "Te koop", {
  counts: { sale: 58, rent: 0 },
  content: content("Ons aanbod in de Ardennen.", ""),
});

export const forRentFr = page("for-rent", "fr", "/fr/a-louer/", "/for-rent/", "À louer", {
  counts: { sale: 58, rent: 0 },
  content: content("Nos biens à louer.", ""),
});

export const guestbookNl = page("guestbook", "nl", "/nl/gastenboek/", "/guestbook/", "Gastenboek", {
  content: content("Lees wat onze klanten over ons zeggen.", "", [
    module("stories", 1, {
      title: "Getuigenissen",
      items: [
        { type: "testimonial", path: "/nl/testimonials/familie-peeters/", title: "Familie Peeters", intro: "Snel verkocht.", image: null },
        { type: "testimonial", path: "/nl/testimonials/jan-en-els/", title: "Jan en Els", intro: "Vlot verhuurd.", image: null },
      ],
    }),
  ]),
});

export const loginFr = page("login", "fr", "/fr/login/", "/login/", "Connexion", {
  content: content("Propriétaires : suivez les visites de votre bien.", ""),
});

export const demandRegisterFr = page("demand-register", "fr", "/fr/je-m'inscris/", "/demand-register/", "Je m'inscris", {
  content: content("Recevez les nouveaux biens qui correspondent à votre recherche.", ""),
});

export const contactDemandNl = page("contact-demand", "nl", "/nl/gratis-schatting/", "/contact-demand/", "Gratis schatting", {
  content: content("Vraag een vrijblijvende schatting van uw woning aan.", ""),
});

export function feedback(lang: "nl" | "fr", form: string): PageData {
  const base = lang === "nl" ? "/nl/bedankt/" : "/fr/merci/";
  return page("feedback", lang, `${base}${form}/`, `/feedback/${form}/`, lang === "nl" ? "Bedankt" : "Merci");
}

// The detail fields the fixtures below do not set: an unfilled listing.
const emptyDetail: Omit<PropertyDetail, "id" | "goal" | "type" | "city" | "zip" | "priceText" | "description" | "status" | "photo"> = {
  mainType: "",
  title: "",
  paragraphs: [],
  withdrawn: false,
  marquee: 0,
  marqueeName: "",
  projectId: 0,
  project: null,
  address: { street: "", houseNumber: "", box: "", zip: "", city: "", countryId: 10, countryName: "", published: false, formatted: "" },
  geo: null,
  price: { amount: null, published: false, startingFrom: false, text: "" },
  previousPrice: null,
  previousPriceText: "",
  costs: {},
  surfaces: {},
  layout: {},
  energy: {
    value: 0,
    total: 0,
    labelText: "",
    label: "",
    region: "",
    imagePath: "",
    expiry: "",
    co2: 0,
    eLevel: 0,
    heating: "",
    certNumber: "",
    renovationNotice: false,
  },
  comfort: {},
  legal: { asbestosDate: "" },
  features: [],
  viager: null,
  mentions: null,
  availability: "",
  availableFrom: "",
  createdAt: "",
  changedAt: "",
  photos: [],
  videos: [],
  documents: [],
  agent: null,
  pointsOfInterest: [],
};

const photo = (id: number, n: number, alt: string) => ({
  url: `/demo/photos/${id}/${n}/1600.jpg`,
  width: 1600,
  height: 1067,
  alt,
  variants: [280, 400, 600, 1360, 1600].map((w) => ({ url: `/demo/photos/${id}/${n}/${w}.jpg`, width: w, height: Math.round((w * 1067) / 1600) })),
});

// A filled sale listing: every group has something. Its EPC label E is Walloon, so no renovation notice (a Flemish rule).
export const propertyNl = page("property", "nl", "/nl/te-koop/bouillon/chalet-met-zicht-op-de-semois/4512/", "/property/4512/", "Chalet te koop in Bouillon", {
  property: {
    ...emptyDetail,
    id: 4512,
    goal: "sale",
    type: "Chalet",
    mainType: "Chalet",
    title: "Chalet met zicht op de Semois",
    city: "Bouillon",
    zip: "6830",
    priceText: "€ 245.000",
    description: "Gezellig chalet met zicht op de Semois, twee slaapkamers en een ruime tuin.",
    paragraphs: [
      "Chalet met zicht op de Semois",
      "Gezellig chalet met zicht op de Semois, twee slaapkamers en een ruime tuin.",
      "Op wandelafstand van het centrum van Bouillon.",
    ],
    status: "available",
    marquee: 1,
    marqueeName: "Nieuw",
    photo: { src: "/demo/4512.jpg", width: 800, height: 533, alt: "Chalet in Bouillon" },
    address: {
      street: "Rue de la Maladrerie",
      houseNumber: "12",
      box: "",
      zip: "6830",
      city: "Bouillon",
      countryId: 10,
      countryName: "België",
      published: true,
      formatted: "Rue de la Maladrerie 12, 6830 Bouillon",
    },
    geo: { lat: 49.7935, lng: 5.0672, approximate: false },
    price: { amount: 245000, published: true, startingFrom: false, text: "€ 245.000" },
    costs: { notaryFee: 2150.5, notaryFeeVat: 451, registrationType: "Registratierechten", realEstateTax: 1250 },
    surfaces: { total: 118, living: 96, ground: 1250, garden: 900, frontWidth: 9.5 },
    layout: { facades: 4, bedrooms: 2, bathrooms: 1, toilets: 2, floors: 2, constructionYear: 1985 },
    energy: {
      value: 390,
      total: 37440,
      labelText: "E",
      label: "e",
      region: "wallonia",
      imagePath: "/images/epc/wallonia/e.png",
      expiry: "16/3/2028",
      co2: 82,
      eLevel: 0,
      heating: "Stookolie",
      certNumber: "20180316042694",
      renovationNotice: false,
    },
    comfort: { kitchen: "Volledig uitgerust", windowGlazing: "Dubbel glas" },
    legal: { asbestosDate: "", floodZone: "Niet overstromingsgevoelig", permit: "Vergunning verkregen", riparianZone: false, judicialDecision: 2 },
    features: ["water", "garden", "cellar"],
    availability: "Bij akte",
    createdAt: "16/2/2026",
    changedAt: "27/2/2026",
    photos: [photo(4512, 1, "Chalet in Bouillon"), photo(4512, 2, "Woonkamer")],
    documents: [
      { id: 1, name: "EPB-certificaat", url: "/demo/documents/4512/epb.pdf", kind: "epc" },
      { id: 2, name: "Grondplan", url: "/demo/documents/4512/plan.pdf", kind: "plan" },
    ],
    agent: { name: "Sophie Lambert", phone: "0475 12 34 56", phoneHref: "tel:+32475123456", email: "sophie@ardenne-immo.be", photo: "" },
    pointsOfInterest: [
      { kind: "shop", name: "Supermarkt", distance: 1200 },
      { kind: "school", name: "Basisschool", distance: 350 },
    ],
  },
  similar: [
    {
      id: 4513,
      url: "/nl/te-koop/alle/chalet-in-het-groen/4513/",
      type: "Chalet",
      city: "Alle",
      priceText: "€ 229.000",
      thumbnail: { url: "/demo/photos/4513/1/280.jpg", width: 280, height: 187 },
      status: "available",
    },
    { id: 4514, url: "/nl/te-koop/corbion/chalet/4514/", type: "Chalet", city: "Corbion", priceText: "€ 199.000", thumbnail: null, status: "sold" },
  ],
});

// A sold listing with little filled in: no photo, no documents, no agent, the address not published.
export const propertyFr = page("property", "fr", "/fr/a-vendre/bouillon/chalet-avec-vue-sur-la-semois/4512/", "/property/4512/", "Chalet à vendre à Bouillon", {
  property: {
    ...emptyDetail,
    id: 4512,
    goal: "sale",
    type: "Chalet",
    city: "Bouillon",
    zip: "6830",
    priceText: "245 000 €",
    description: "Chalet chaleureux avec vue sur la Semois.",
    paragraphs: ["Chalet chaleureux avec vue sur la Semois."],
    status: "sold",
    photo: null,
    address: { ...emptyDetail.address, zip: "6830", city: "Bouillon", countryName: "Belgique", formatted: "6830 Bouillon" },
    geo: { lat: 49.79, lng: 5.07, approximate: true },
    price: { amount: 245000, published: true, startingFrom: false, text: "245 000 €" },
    surfaces: { living: 96 },
    layout: { bedrooms: 1 },
  },
  similar: [],
});

export const notFoundNl = page("not-found", "nl", "/nl/bestaat-niet/", "", "Pagina niet gevonden", { status: 404 });
export const notFoundFr = page("not-found", "fr", "/fr/n-existe-pas/", "", "Page introuvable", { status: 404 });
