export { Dialog, type DialogProps } from "./Dialog";
export { FormDialog, preloadLeadForm, type FormDialogLabels } from "./FormDialog";
