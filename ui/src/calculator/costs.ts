import { calculatorRegions, type CalculatorRates, type CalculatorRegion, type NotaryBracket, type Situation } from "./rates";

export type CostKey = "registration" | "vat" | "notaryFee" | "notaryVat" | "adminCosts";

export interface CostLine {
  key: CostKey;
  /** Whole euros. */
  amount: number;
  /** The rate applied, as a fraction; absent for flat amounts and the sliding notary scale. */
  rate?: number;
  /** The region's abatement and whether this price qualifies for it. */
  abatement?: { amount: number; maxPrice: number; applied: boolean };
}

export interface CostInput {
  /** The price in euros; for a new build, excluding VAT. */
  price: number;
  region: CalculatorRegion;
  situation: Situation;
}

export interface CostResult {
  lines: CostLine[];
  /** The costs on top of the price, the sum of the rounded lines. */
  total: number;
  totalWithPrice: number;
}

/** Narrows a listing's region (as the server spells it) to one the calculator knows. */
export function isCalculatorRegion(region: string): region is CalculatorRegion {
  return (calculatorRegions as readonly string[]).includes(region);
}

/** The fee of a sliding scale: each bracket's rate on the part of the amount inside it. */
export function slidingScale(amount: number, brackets: NotaryBracket[]): number {
  let fee = 0;
  let lower = 0;
  for (const { upTo, rate } of brackets) {
    if (amount <= lower) break;
    const upper = upTo === undefined ? amount : Math.min(amount, upTo);
    fee += (upper - lower) * rate;
    if (upTo === undefined) break;
    lower = upTo;
  }
  return fee;
}

function taxLine(price: number, input: CostInput, rates: CalculatorRates): CostLine {
  if (input.situation === "newBuild") {
    // A new build is sold under VAT; the duty on the land share is left out to keep the estimate readable.
    return { key: "vat", amount: price * rates.newBuildVat.rate, rate: rates.newBuildVat.rate };
  }
  const duty = rates.registration[input.region][input.situation];
  if (!duty.abatement) return { key: "registration", amount: price * duty.rate, rate: duty.rate };
  const applied = price <= duty.abatement.maxPrice;
  const base = applied ? Math.max(0, price - duty.abatement.amount) : price;
  return {
    key: "registration",
    amount: base * duty.rate,
    rate: duty.rate,
    abatement: { amount: duty.abatement.amount, maxPrice: duty.abatement.maxPrice, applied },
  };
}

/**
 * The costs a buyer pays on top of the price: registration duty or VAT, the
 * notary's fee on the legal scale with its VAT, and the deed's other costs.
 * Lines are rounded to the euro only at the end so the total is their sum.
 */
export function acquisitionCosts(input: CostInput, rates: CalculatorRates): CostResult {
  const price = Math.max(0, input.price);
  const fee = slidingScale(price, rates.notary.brackets);
  const raw: CostLine[] = [
    taxLine(price, input, rates),
    { key: "notaryFee", amount: fee },
    { key: "notaryVat", amount: fee * rates.notary.vatRate, rate: rates.notary.vatRate },
    { key: "adminCosts", amount: rates.adminCosts.amount },
  ];
  const lines = raw.map((line) => ({ ...line, amount: Math.round(line.amount) }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return { lines, total, totalWithPrice: Math.round(price) + total };
}
