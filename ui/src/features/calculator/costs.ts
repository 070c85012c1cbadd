import { priceBounds } from "./price";
import { calculatorRegions, type CalculatorRates, type CalculatorRegion, type NotaryBracket, type Situation } from "../../lib/api/calculatorRates";

export type CostKey = "registration" | "vat" | "notaryFee" | "notaryVat" | "adminCosts";

export interface CostLine {
  key: CostKey;
  /** Euros: whole ones for an estimate, the agency's own amount for a stated line. */
  amount: number;
  /** The rate applied, as a fraction; absent for flat amounts and the sliding notary scale. */
  rate?: number;
  /** The region's abatement and whether this price qualifies for it. */
  abatement?: { amount: number; maxPrice: number; applied: boolean };
  /** The agency's own figure for this listing, not an estimate. */
  stated?: boolean;
}

/**
 * The notary's fee (and its VAT) a listing states for its asking price (PropertyDetail.costs). The agency knows its
 * notary's file; the legal scale is only an estimate of it, so at the asking price its figures are the ones to show.
 */
export interface StatedNotary {
  fee: number;
  /** Absent or 0: the VAT is computed on the stated fee. */
  vat?: number;
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

function notaryLines(price: number, rates: CalculatorRates, stated?: StatedNotary): CostLine[] {
  const vatOn = (fee: number): CostLine => ({ key: "notaryVat", amount: fee * rates.notary.vatRate, rate: rates.notary.vatRate });
  if (!stated || !(stated.fee > 0)) {
    const fee = slidingScale(price, rates.notary.brackets);
    return [{ key: "notaryFee", amount: fee }, vatOn(fee)];
  }
  return [
    { key: "notaryFee", amount: stated.fee, stated: true },
    stated.vat && stated.vat > 0 ? { key: "notaryVat", amount: stated.vat, stated: true } : vatOn(stated.fee),
  ];
}

/**
 * The costs a buyer pays on top of the price: registration duty or VAT, the
 * notary's fee with its VAT (the listing's stated figures when given, else
 * the legal scale), and the deed's other costs. Estimated lines are rounded
 * to the euro only at the end so the total is their sum. price must be a checked
 * one (checkPrice): a price outside priceBounds is a bug, not a cost.
 */
export function acquisitionCosts(input: CostInput, rates: CalculatorRates, stated?: StatedNotary): CostResult {
  const { price } = input;
  if (!(price >= priceBounds.min && price <= priceBounds.max)) {
    throw new RangeError(`acquisitionCosts: price ${price} outside ${priceBounds.min}–${priceBounds.max}`);
  }
  const raw: CostLine[] = [
    taxLine(price, input, rates),
    ...notaryLines(price, rates, stated),
    { key: "adminCosts", amount: rates.adminCosts.amount },
  ];
  // The agency's figures are shown as stated, cents included, as the listing shows them.
  const lines = raw.map((line) => (line.stated ? line : { ...line, amount: Math.round(line.amount) }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return { lines, total, totalWithPrice: price + total };
}
