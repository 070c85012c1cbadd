export { AcquisitionCostCalculator, type AcquisitionCostCalculatorProps } from "./AcquisitionCostCalculator";
export { AcquisitionCostCalculator as default } from "./AcquisitionCostCalculator";
export {
  acquisitionCosts,
  isCalculatorRegion,
  slidingScale,
  type CostInput,
  type CostKey,
  type CostLine,
  type CostResult,
  type StatedNotary,
} from "./costs";
export { checkPrice, parsePrice, priceBounds, type PriceCheck, type PriceProblem } from "./price";
export {
  calculatorRegions,
  situations,
  type Abatement,
  type CalculatorRates,
  type CalculatorRegion,
  type DutyRate,
  type NotaryBracket,
  type RegionRates,
  type Situation,
} from "../../lib/api/calculatorRates";
