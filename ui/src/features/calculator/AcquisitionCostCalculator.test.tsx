import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next, { type i18n } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { structuralViolations } from "../../app/axe";
import de from "../../locales/de/calculator.json";
import en from "../../locales/en/calculator.json";
import fr from "../../locales/fr/calculator.json";
import nl from "../../locales/nl/calculator.json";
import { AcquisitionCostCalculator, type AcquisitionCostCalculatorProps } from "./AcquisitionCostCalculator";
import { calculatorRates } from "./__fixtures__/rates";

const resources = { en, nl, fr, de };

function calculatorI18n(lng: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: "nl",
    ns: ["calculator"],
    defaultNS: "calculator",
    resources: Object.fromEntries(Object.entries(resources).map(([l, texts]) => [l, { calculator: texts }])),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

function renderCalculator(props: Partial<AcquisitionCostCalculatorProps> = {}) {
  const all = { price: 300_000, region: "flanders", lang: "nl", rates: calculatorRates, ...props };
  return render(
    <I18nextProvider i18n={calculatorI18n(all.lang)}>
      <AcquisitionCostCalculator {...all} />
    </I18nextProvider>,
  );
}

// Amounts read as Intl writes them for Belgium, but for the plain space after € in Dutch: the calculator writes
// them as the server's price text does (listing.FormatEuro, "€ 250.000"; see testdata/format/cases.json).
const asServer = (text: string) => text.replace("€\u00a0", "€ ");

const money = (lang: string, n: number) =>
  asServer(new Intl.NumberFormat(`${lang}-BE`, { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(n));

const cents = (lang: string, n: number) =>
  asServer(new Intl.NumberFormat(`${lang}-BE`, { style: "currency", currency: "EUR", minimumFractionDigits: 2 }).format(n));

const liveRegion = () => {
  const live = document.querySelector("[aria-live]");
  if (!live) throw new Error("no live region");
  return live;
};

const rowAmount = (key: string) => {
  const row = document.querySelector(`tr[data-line="${key}"]`);
  if (!row) throw new Error(`no ${key} line`);
  return within(row as HTMLElement).getByRole("cell").textContent;
};

describe("AcquisitionCostCalculator", () => {
  it("shows every cost line with its explanation and the total for the property's region", () => {
    renderCalculator();
    const table = screen.getByRole("table", { name: "Geraamde kosten bovenop de prijs" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.getAttribute("data-line")).filter(Boolean)).toEqual([
      "registration",
      "notaryFee",
      "notaryVat",
      "adminCosts",
    ]);
    expect(rowAmount("registration")).toBe(money("nl", 6_000));
    const twoPercent = new Intl.NumberFormat("nl-BE", { style: "percent" }).format(0.02);
    expect(within(table).getByRole("rowheader", { name: /Registratierechten/ }).textContent).toBe(
      `Registratierechten Verlaagd tarief van ${twoPercent} in Vlaanderen voor de enige woning die u bezit en zelf bewoont.`,
    );
    expect(liveRegion().textContent).toBe(
      `Totale aankoopkost: ${money("nl", 310_148)}, waarvan ${money("nl", 10_148)} kosten.`,
    );
    expect(screen.getByRole("combobox", { name: "Gewest" })).toHaveProperty("value", "flanders");
  });

  it("updates the total when the situation changes", async () => {
    const user = userEvent.setup();
    renderCalculator();
    const situation = screen.getByRole("group", { name: "Uw situatie" });
    expect(within(situation).getByRole("radio", { name: "Mijn enige eigen woning" })).toHaveProperty("checked", true);

    await user.click(within(situation).getByRole("radio", { name: "Andere aankoop" }));
    expect(rowAmount("registration")).toBe(money("nl", 36_000));
    expect(liveRegion().textContent).toContain(money("nl", 340_148));

    await user.click(within(situation).getByRole("radio", { name: "Nieuwbouw met btw" }));
    expect(document.querySelector('tr[data-line="registration"]')).toBeNull();
    expect(rowAmount("vat")).toBe(money("nl", 63_000));
    expect(liveRegion().textContent).toContain(money("nl", 367_148));
  });

  it("lets the visitor change the region and the price", async () => {
    const user = userEvent.setup();
    renderCalculator({ region: "wallonia", lang: "fr", price: 600_000 });
    await user.selectOptions(screen.getByRole("combobox", { name: "Région" }), "brussels");
    expect(rowAmount("registration")).toBe(money("fr", 50_000));
    expect(screen.getByRole("rowheader", { name: /Droits d'enregistrement/ }).textContent).toContain("à Bruxelles");

    const price = screen.getByRole("textbox", { name: "Prix d'achat (€)" });
    await user.clear(price);
    await user.type(price, "600.001");
    expect(rowAmount("registration")).toBe(money("fr", 75_000));
    expect(screen.getByRole("rowheader", { name: /Droits d'enregistrement/ }).textContent).toContain(
      "sur la totalité du prix",
    );
  });

  it("asks for a price when the listing has none", async () => {
    const user = userEvent.setup();
    renderCalculator({ price: null, lang: "en" });
    expect(screen.queryByRole("table")).toBeNull();
    expect(liveRegion().textContent).toBe("Enter a price to see the costs.");
    await user.type(screen.getByRole("textbox", { name: "Purchase price (€)" }), "250000");
    expect(screen.getByRole("table")).toBeTruthy();
    expect(liveRegion().textContent).toContain(money("en", 250_000 + 5_000 + 2_449 + 514 + 1_150));
  });

  it.each(["nl", "fr", "en", "de"])("passes axe-core's structural rules in %s", async (lang) => {
    const { container } = renderCalculator({ lang, region: "brussels", price: 450_000 });
    document.documentElement.lang = lang;
    expect(await structuralViolations(container)).toEqual([]);
  });

  it.each([
    ["nl", "Vul een prijs in tussen € 1.000 en € 100.000.000.", "Verbeter de prijs om de kosten te zien."],
    ["fr", `Indiquez un prix entre 1${"\u202f"}000 € et 100${"\u202f"}000${"\u202f"}000 €.`, "Corrigez le prix pour voir les frais."],
    ["en", "Enter a price between €1,000 and €100,000,000.", "Correct the price to see the costs."],
    ["de", "Geben Sie einen Preis zwischen 1.000 € und 100.000.000 € ein.", "Korrigieren Sie den Preis, um die Kosten zu sehen."],
  ])("%s: refuses a price of −5 with a message on the field, and shows no total", async (lang, message, fix) => {
    const user = userEvent.setup();
    renderCalculator({ lang, price: 300_000 });
    const price = screen.getByRole("textbox");
    await user.clear(price);
    await user.type(price, "-5");
    // Said at once: no digit typed after a minus sign makes a price.
    const error = screen.getByText(message.replace(/\s/g, " "), { normalizer: (s) => s.replace(/\s/g, " ") });
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(price.getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
    expect(error.closest(".calculator__field")).toBe(price.closest(".calculator__field"));
    expect(screen.queryByRole("table")).toBeNull();
    expect(liveRegion().textContent).toBe(fix);

    await user.clear(price);
    await user.type(price, "250000");
    expect(price.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(message.replace(/\s/g, " "), { normalizer: (s) => s.replace(/\s/g, " ") })).toBeNull();
    expect(screen.getByRole("table")).toBeTruthy();
  });

  it("refuses what is no amount, and too high a price, as soon as it is typed", async () => {
    const user = userEvent.setup();
    renderCalculator({ lang: "en", price: null });
    const price = screen.getByRole("textbox", { name: "Purchase price (€)" });
    await user.type(price, "3x");
    expect(screen.getByText("Enter the price in euros using digits only, for example 350000.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    await user.clear(price);
    await user.type(price, "1000000000");
    expect(screen.getByText("Enter a price between €1,000 and €100,000,000.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("lets a price be typed digit by digit, and refuses too low a one when the visitor leaves the field", async () => {
    const user = userEvent.setup();
    renderCalculator({ lang: "en", price: null });
    const price = screen.getByRole("textbox", { name: "Purchase price (€)" });
    await user.type(price, "35");
    expect(price.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
    expect(liveRegion().textContent).toBe("Enter a price to see the costs.");
    await user.tab();
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a price between €1,000 and €100,000,000.")).toBeTruthy();
    await user.type(price, "0000");
    expect(price.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByRole("table")).toBeTruthy();
  });

  it("shows the listing's own notary fee at its asking price, and says it is the agency's", () => {
    renderCalculator({ price: 139_000, region: "wallonia", statedNotary: { fee: 1_890, vat: 396.9 } });
    expect(rowAmount("notaryFee")).toBe(money("nl", 1_890));
    expect(rowAmount("notaryVat")).toBe(cents("nl", 396.9));
    const fee = screen.getByRole("rowheader", { name: /Ereloon notaris/ });
    expect(fee.textContent).toBe("Ereloon notaris Zoals het kantoor voor dit pand opgeeft, bij de vraagprijs.");
    // 139,000 × 3 % + 1,890 + 396.90 + 1,150
    expect(liveRegion().textContent).toBe(`Totale aankoopkost: ${cents("nl", 146_606.9)}, waarvan ${cents("nl", 7_606.9)} kosten.`);
  });

  it("computes the VAT on a stated fee that comes without it", () => {
    renderCalculator({ price: 139_000, region: "wallonia", lang: "fr", statedNotary: { fee: 1_890 } });
    expect(rowAmount("notaryVat")).toBe(money("fr", 397));
    expect(screen.getByRole("rowheader", { name: /Honoraires du notaire/ }).textContent).toContain("Montant indiqué par l'agence");
  });

  it.each([
    ["nl", "Geraamd volgens de wettelijke schaal voor de prijs die u invulde. Voor de vraagprijs geeft het kantoor € 1.890 op."],
    ["fr", `Estimation selon le barème légal pour le prix que vous avez saisi. Pour le prix demandé, l'agence indique 1${"\u202f"}890 €.`],
  ])("%s: for another price, labels the scale's estimate and names the agency's figure", async (lang, explanation) => {
    const user = userEvent.setup();
    renderCalculator({ lang, price: 139_000, region: "wallonia", statedNotary: { fee: 1_890, vat: 397 } });
    const price = screen.getByRole("textbox");
    await user.clear(price);
    await user.type(price, "250095");
    expect(rowAmount("notaryFee")).toBe(money(lang, 2_449));
    expect(rowAmount("notaryVat")).toBe(money(lang, 514));
    const row = document.querySelector('tr[data-line="notaryFee"] .calculator__explain');
    expect(row?.textContent?.replace(/\s/g, " ")).toBe(explanation.replace(/\s/g, " "));
  });

  it("starts on the first region when the listing's region is not Belgian", () => {
    renderCalculator({ region: "luxembourg", lang: "de" });
    expect(screen.getByRole("combobox", { name: "Region" })).toHaveProperty("value", "flanders");
    expect(screen.getByText(/unverbindliche Schätzung/)).toBeTruthy();
  });
});

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("calculator texts", () => {
  const english = keys(en).sort();

  it.each(Object.entries(resources))("exist in full for %s", (_, texts) => {
    expect(keys(texts).sort()).toEqual(english);
    for (const key of keys(texts)) {
      const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
      expect(typeof text === "string" && text.trim() !== "").toBe(true);
    }
  });
});
