import { useEffect, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The modal dialog pattern of WAI-ARIA: focus starts on the dialog's heading
 * (again whenever `view` changes, since the previous content is gone), Tab and
 * Shift+Tab cycle inside the dialog, and on close focus returns to where it was.
 */
export function useFocusTrap(
  dialog: RefObject<HTMLElement | null>,
  start: RefObject<HTMLElement | null>,
  view: string,
): void {
  useEffect(() => {
    const opener = document.activeElement;
    const container = dialog.current;
    if (!container) return;

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof HTMLElement && items.includes(active);
      if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // A click on the backdrop must not leave keyboard users stranded behind the dialog.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !container.contains(event.target)) start.current?.focus();
    };

    container.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      container.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [dialog, start]);

  useEffect(() => {
    start.current?.focus();
  }, [start, view]);
}
