const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside a container, in order (hidden ones excluded). */
export function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    // checkVisibility also leaves out what a media query hides (display: none); jsdom lacks it.
    (el) => !el.closest("[hidden]") && !el.closest("[inert]") && (typeof el.checkVisibility !== "function" || el.checkVisibility()),
  );
}

/**
 * Keeps Tab and Shift+Tab inside the container: from the last element focus
 * wraps to the first and back. Returns whether it moved focus.
 */
export function trapTab(container: HTMLElement, shiftKey: boolean, active: Element | null): boolean {
  const items = focusables(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return false;
  if (shiftKey && (active === first || !container.contains(active))) {
    last.focus();
    return true;
  }
  if (!shiftKey && (active === last || !container.contains(active))) {
    first.focus();
    return true;
  }
  return false;
}
