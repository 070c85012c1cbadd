import type { CalculatorRates } from "../../../lib/api/calculatorRates";

/** The rates of the shipped config.yaml (site.calculator), for tests. */
export const calculatorRates: CalculatorRates = {
  registration: {
    flanders: {
      // Vlaamse Codex Fiscaliteit, verkooprecht, reduced rate for the buyer's only
      // own home (enige eigen woning): 2 % for deeds from 1 Jan 2025, was 3 % (vlaanderen.be).
      onlyHome: { rate: 0.02, validFrom: "2025-01-01" },
      // VCF art. 2.9.4.1.1: the general rate, raised from 10 % to 12 % on 1 Jan 2022.
      other: { rate: 0.12, validFrom: "2022-01-01" },
    },
    wallonia: {
      // Walloon decree of 5 Dec 2024 (MB 13 Dec 2024), circular 2025/C/42: 3 % for
      // the habitation propre et unique, no price ceiling; it replaced the
      // first-home abatement, the modest-home rate and the chèque habitat.
      onlyHome: { rate: 0.03, validFrom: "2025-01-01" },
      // Code des droits d'enregistrement art. 44: ordinary rate, unchanged by that
      // reform; dated from the reform that defines the current regime.
      other: { rate: 0.125, validFrom: "2025-01-01" },
    },
    brussels: {
      // Code des droits d'enregistrement art. 44 and 46bis as amended by the
      // Brussels ordinance of Nov 2022: €200,000 free of duty (was €175,000) when
      // the price is at most €600,000 (was €500,000), for compromis signed from 1 Apr 2023.
      onlyHome: {
        rate: 0.125,
        validFrom: "2023-04-01",
        abatement: { amount: 200_000, maxPrice: 600_000, validFrom: "2023-04-01" },
      },
      other: { rate: 0.125, validFrom: "2023-04-01" },
    },
  },
  // VAT Code art. 37 and Royal Decree no. 20, table A: the standard rate, 21 % since 1 Jan 1996.
  newBuildVat: { rate: 0.21, validFrom: "1996-01-01" },
  notary: {
    // Royal Decree of 16 Dec 1950, tariff A (sales), euro amounts as applied by
    // the notaries (Fednot, notaris.be cost simulations).
    brackets: [
      { upTo: 7_500, rate: 0.0456 },
      { upTo: 17_500, rate: 0.0285 },
      { upTo: 30_000, rate: 0.0228 },
      { upTo: 45_495, rate: 0.0171 },
      { upTo: 64_095, rate: 0.0114 },
      { upTo: 250_095, rate: 0.0057 },
      { rate: 0.00057 },
    ],
    validFrom: "1950-12-16",
    // Notaries' services bear 21 % VAT since 1 Jan 2012 (law of 28 Dec 2011).
    vatRate: 0.21,
    vatValidFrom: "2012-01-01",
  },
  // The agency's estimate of an average file (€1,000–1,300 incl. VAT in practice); not a legal amount.
  adminCosts: { amount: 1_150, validFrom: "2026-01-01" },
};
