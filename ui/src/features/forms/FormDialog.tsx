import { Component, lazy, Suspense, type ReactNode } from "react";
import type { LeadFormProps } from "./LeadForm";
import { Dialog } from "../../lib/dialog/Dialog";

const loadForms = () => import("./index");

// The forms (validation, captcha) are their own chunk: a page pays for them only when a visitor opens one.
const LeadForm = lazy(() => loadForms().then((m) => ({ default: m.LeadForm })));

/** Starts fetching the forms' code, e.g. when a pointer nears a button that opens one. */
export function preloadLeadForm(): void {
  loadForms().catch(() => undefined);
}

export interface FormDialogLabels {
  close: string;
  loading: string;
  /** Said when the form's code cannot be fetched (offline, a new deployment). */
  failed: string;
}

interface Props {
  /** The form to show; null keeps the dialog closed. */
  form: LeadFormProps | null;
  onClose: () => void;
  title: string;
  labels: FormDialogLabels;
  /** What the visitor should read before the form: the subject, a deposit notice. */
  children?: ReactNode;
}

/** A modal with one lead form, loaded on first use. */
export function FormDialog({ form, onClose, title, labels, children }: Props) {
  return (
    <Dialog open={form !== null} onClose={onClose} title={title} closeLabel={labels.close}>
      {children}
      {form && (
        <LoadFailure message={labels.failed}>
          <Suspense
            fallback={
              <p className="dialog__status" role="status">
                {labels.loading}
              </p>
            }
          >
            <LeadForm {...form} />
          </Suspense>
        </LoadFailure>
      )}
    </Dialog>
  );
}

/** Keeps a failed chunk load inside the dialog instead of replacing the whole page with the error state. */
class LoadFailure extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (this.state.failed) {
      return (
        <p className="dialog__status dialog__status--error" role="alert">
          {this.props.message}
        </p>
      );
    }
    return this.props.children;
  }
}
