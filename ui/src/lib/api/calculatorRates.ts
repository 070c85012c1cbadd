// The acquisition-cost rates as the server sends them in SiteData.calculator,
// from the `site.calculator` section of config.yaml (where the sources of each
// value are noted). Every value carries the date it applies from (validFrom,
// ISO date of the deed) so an editor can see what to re-check when a region
// changes its rules.

export const calculatorRegions = ["flanders", "wallonia", "brussels"] as const;
export type CalculatorRegion = (typeof calculatorRegions)[number];

/** The buyer's situation: the rules of the regions distinguish these three. */
export const situations = ["onlyHome", "other", "newBuild"] as const;
export type Situation = (typeof situations)[number];

/** A first slice of the price that bears no duty, granted only below a price ceiling. */
export interface Abatement {
  amount: number;
  /** The abatement applies when the price is at most this amount. */
  maxPrice: number;
  validFrom: string;
}

export interface DutyRate {
  /** A fraction: 0.02 is 2 %. */
  rate: number;
  validFrom: string;
  abatement?: Abatement;
}

export interface RegionRates {
  onlyHome: DutyRate;
  other: DutyRate;
}

export interface NotaryBracket {
  /** The upper edge of the bracket; the last bracket has none. */
  upTo?: number;
  rate: number;
}

export interface CalculatorRates {
  registration: Record<CalculatorRegion, RegionRates>;
  newBuildVat: { rate: number; validFrom: string };
  notary: {
    /** Consecutive brackets, each rate applied to the part of the price inside it. */
    brackets: NotaryBracket[];
    validFrom: string;
    vatRate: number;
    vatValidFrom: string;
  };
  /** Deed costs besides the fee (file costs, writing duty, mortgage-office formalities), VAT included. */
  adminCosts: { amount: number; validFrom: string };
}
