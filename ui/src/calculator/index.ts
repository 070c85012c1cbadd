export { AcquisitionCostCalculator, parsePrice, type AcquisitionCostCalculatorProps } from "./AcquisitionCostCalculator";
export { AcquisitionCostCalculator as default } from "./AcquisitionCostCalculator";
export { acquisitionCosts, isCalculatorRegion, slidingScale, type CostInput, type CostKey, type CostLine, type CostResult } from "./costs";
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
} from "./rates";
