import type { PageData, ProjectCard, ProjectDetail, ProjectUnit, PropertyPhoto } from "../../lib/api/types";

function page(lang: "nl" | "fr", extra: Partial<PageData>): PageData {
  return {
    lang,
    status: 200,
    view: "projects",
    path: lang === "nl" ? "/nl/nieuwbouw/" : "/fr/neuf/",
    internal: "/projects/",
    title: lang === "nl" ? "Nieuwbouwprojecten" : "Projets neufs",
    documentTitle: "Ardenne Immo",
    description: "",
    alternates: [],
    breadcrumb: [{ name: lang === "nl" ? "Home" : "Accueil", path: `/${lang}/` }],
    preview: false,
    content: null,
    ...extra,
  };
}

function photo(n: number, alt: string): PropertyPhoto {
  const url = (w: number) => `/demo/photos/p7001/${n}/${w}.jpg`;
  return {
    url: url(1600),
    width: 1600,
    height: 1067,
    alt,
    variants: [
      { url: url(400), width: 400, height: 267 },
      { url: url(600), width: 600, height: 400 },
      { url: url(1360), width: 1360, height: 907 },
      { url: url(1600), width: 1600, height: 1067 },
    ],
  };
}

function unit(id: number, name: string, floor: string, price: number, priceText: string, extra: Partial<ProjectUnit> = {}): ProjectUnit {
  return { id, name, floor, price, priceText, bedrooms: 2, surface: 92, status: "available", url: "", ...extra };
}

const semoisCards: Record<"nl" | "fr", ProjectCard> = {
  nl: {
    id: 7001,
    url: "/nl/nieuwbouw/residentie-semois/7001/",
    name: "Residentie Semois",
    city: "Bouillon",
    zip: "6830",
    description: "Zes appartementen en twee penthouses aan de oever van de Semois.",
    priceMinText: "€ 189.000",
    priceMaxText: "€ 379.000",
    delivery: "Q3 2027",
    types: ["Appartement", "Penthouse"],
    soldOut: false,
    thumbnail: { url: "/demo/photos/p7001/12/280.jpg", width: 280, height: 187 },
  },
  fr: {
    id: 7001,
    url: "/fr/neuf/residence-semois/7001/",
    name: "Résidence Semois",
    city: "Bouillon",
    zip: "6830",
    description: "Six appartements et deux penthouses au bord de la Semois.",
    priceMinText: "189 000 €",
    priceMaxText: "379 000 €",
    delivery: "T3 2027",
    types: ["Appartement", "Penthouse"],
    soldOut: false,
    thumbnail: { url: "/demo/photos/p7001/12/280.jpg", width: 280, height: 187 },
  },
};

const jardinsCards: Record<"nl" | "fr", ProjectCard> = {
  nl: {
    id: 7002,
    url: "/nl/nieuwbouw/les-jardins-de-libramont/7002/",
    name: "Les Jardins de Libramont",
    city: "Libramont-Chevigny",
    zip: "6800",
    description: "Vier woningen en zes appartementen in een groene wijk.",
    priceMinText: "€ 195.000",
    priceMaxText: "",
    delivery: "",
    types: ["Woning"],
    soldOut: true,
    thumbnail: null,
  },
  fr: {
    id: 7002,
    url: "/fr/neuf/les-jardins-de-libramont/7002/",
    name: "Les Jardins de Libramont",
    city: "Libramont-Chevigny",
    zip: "6800",
    description: "Quatre maisons et six appartements dans un quartier vert.",
    priceMinText: "195 000 €",
    priceMaxText: "",
    delivery: "",
    types: ["Maison"],
    soldOut: true,
    thumbnail: null,
  },
};

export const listNl = page("nl", { projects: [semoisCards.nl, jardinsCards.nl] });
export const listFr = page("fr", { projects: [semoisCards.fr, jardinsCards.fr] });
export const emptyListNl = page("nl", {});
export const emptyListFr = page("fr", {});

const semoisNl: ProjectDetail = {
  id: 7001,
  number: "PRJ-2026-01",
  name: "Residentie Semois",
  description: "Zes appartementen en twee penthouses aan de oever van de Semois.",
  paragraphs: [
    "Residentie Semois is een kleinschalig nieuwbouwproject aan de kaaien van Bouillon.",
    "Ondergrondse parking, lift en fietsenberging.",
  ],
  address: {
    street: "Quai des Saulx",
    houseNumber: "14",
    box: "",
    zip: "6830",
    city: "Bouillon",
    countryId: 10,
    countryName: "België",
    published: true,
    formatted: "Quai des Saulx 14, 6830 Bouillon",
  },
  geo: { lat: 49.7958, lng: 5.0627, approximate: false },
  priceMin: 189000,
  priceMax: 379000,
  priceMinText: "€ 189.000",
  priceMaxText: "€ 379.000",
  priceList: "/demo/documents/p7001/prijslijst.pdf",
  delivery: "Q3 2027",
  types: ["Appartement", "Penthouse"],
  soldOut: false,
  units: [
    unit(700101, "A1", "Gelijkvloers", 239000, "€ 239.000", { status: "sold", url: "/nl/te-koop/bouillon/appartement-a1/700101/" }),
    unit(700102, "A2", "Gelijkvloers", 189000, "€ 189.000", { bedrooms: 1, surface: 68.5 }),
    unit(700103, "A3", "1e verdieping", 249000, "€ 249.000", { status: "option" }),
    unit(700107, "P1", "", 0, "", { bedrooms: 0, surface: 1135 }),
  ],
  photos: [photo(12, "Gebouw"), photo(2, "Woonkamer")],
  videos: [{ kind: "youtube", url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ", embedUrl: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" }],
  documents: [
    { id: 70011, name: "Prijslijst", url: "/demo/documents/p7001/prijslijst.pdf", kind: "pricelist" },
    { id: 70012, name: "Lastenboek", url: "/demo/documents/p7001/lastenboek.pdf", kind: "specifications" },
  ],
  agent: {
    name: "Sophie Lambert",
    phone: "0475 12 34 56",
    phoneHref: "tel:+32475123456",
    email: "sophie.lambert@ardennes-immo.example",
    photo: "",
  },
  changedAt: "3/11/2026",
};

export const detailNl = page("nl", {
  view: "project",
  path: semoisCards.nl.url,
  internal: "/projects/",
  title: semoisNl.name,
  project: semoisNl,
});

const semoisFr: ProjectDetail = {
  ...semoisNl,
  name: "Résidence Semois",
  description: "Six appartements et deux penthouses au bord de la Semois.",
  paragraphs: ["Résidence Semois est un petit projet neuf sur les quais de Bouillon."],
  address: { ...semoisNl.address, published: false, street: "", houseNumber: "", formatted: "6830 Bouillon", countryName: "Belgique" },
  geo: { lat: 49.8, lng: 5.06, approximate: true },
  priceMinText: "189 000 €",
  priceMaxText: "379 000 €",
  priceList: "",
  delivery: "T3 2027",
  soldOut: true,
  units: [
    unit(700101, "A1", "Rez-de-chaussée", 239000, "239 000 €", { status: "sold" }),
    unit(700102, "A2", "Rez-de-chaussée", 189000, "189 000 €", { status: "sold", surface: 1250.5 }),
  ],
  photos: [],
  videos: [],
  documents: [],
  agent: null,
};

export const detailFr = page("fr", {
  view: "project",
  path: semoisCards.fr.url,
  internal: "/projects/",
  title: semoisFr.name,
  project: semoisFr,
});

/** What the server answers for an unknown project: view "project" without a project, status 404. */
export function unknownProject(lang: "nl" | "fr"): PageData {
  return page(lang, {
    view: "project",
    status: 404,
    path: lang === "nl" ? "/nl/nieuwbouw/onbekend/9999/" : "/fr/neuf/inconnu/9999/",
    internal: "",
    title: lang === "nl" ? "Oeps, deze pagina bestaat niet meer" : "Oups, cette page n'existe plus",
  });
}
