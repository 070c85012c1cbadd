// jsdom has <dialog> without showModal() and close(). This stands in for what
// the tests rely on: the open attribute, focus moving inside, Escape as a
// cancel that closes, and the close event. Browsers run the real thing (e2e).

const focusable = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

function escape(this: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== "Escape") return;
  if (this.dispatchEvent(new Event("cancel", { cancelable: true }))) this.close();
}

export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === "function") return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute("open", "");
    this.addEventListener("keydown", escape);
    // Like the browser: the first focusable element inside, else the dialog itself.
    const first = this.querySelector<HTMLElement>(focusable);
    (first ?? this).focus();
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    this.removeEventListener("keydown", escape);
    this.dispatchEvent(new Event("close"));
  };
}
