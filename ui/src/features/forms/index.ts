export { LeadForm, type LeadFormProps, type VisitSlot } from "./LeadForm";
export type { FormName } from "./spec";
export { FormSection } from "./FormSection";
export { PageForms } from "./PageForms";
