import { Component, lazy, Suspense, type ReactNode } from "react";
import type { FormPick } from "./PickedForm";
import { Dialog } from "../../lib/dialog/Dialog";

export type { FormPick };

const loadForms = () => import("./PickedForm");

// The forms (their table, validation, captcha) are their own chunk: a page pays for them only when a visitor opens one.
const PickedForm = lazy(loadForms);

/** Starts fetching the forms' code and table, e.g. when a pointer nears a button that opens one. */
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
  /** How to pick the form to show from the forms' table once it has loaded; null keeps the dialog closed. */
  form: FormPick | null;
  onClose: () => void;
  title: string;
  labels: FormDialogLabels;
  /** What the visitor should read before the form, shown at once: its subject. */
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
            <PickedForm pick={form} />
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
