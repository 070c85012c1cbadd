import { useEffect, useId, useRef, type ReactNode } from "react";
import "./Dialog.css";

export interface DialogProps {
  open: boolean;
  /** Called however the dialog closes: its close button, Escape, or the browser. */
  onClose: () => void;
  /** The heading, which also names the dialog. */
  title: string;
  /** The close button's accessible name, in the page's language (the dialog has no texts of its own). */
  closeLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the
 * page inert (the focus trap) and turns Escape into a close, so neither is
 * rebuilt here. The content mounts only while open: a form inside starts
 * fresh each time and loads nothing for visitors who never open it.
 */
export function Dialog({ open, onClose, title, closeLabel, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      // Browsers differ in whether they give the focus back; the opener must get it in all of them.
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
      onCloseRef.current();
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, []);

  return (
    <dialog ref={ref} className={className ? `dialog ${className}` : "dialog"} aria-labelledby={open ? headingId : undefined}>
      {open && (
        <div className="dialog__frame">
          <header className="dialog__header">
            <h2 className="dialog__title" id={headingId}>
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => ref.current?.close()}>
              <svg className="dialog__close-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className="dialog__body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
