import type { Agency, PropertyDetail } from "../../lib/api/types";

/** What decides whether the phone's contact bar shows. */
export type BarState = {
  /** The browser has measured where the page's own request buttons are (the server cannot). */
  measured: boolean;
  /** The page's own request buttons are on screen: the bar would only repeat them. */
  requestsInView: boolean;
  /** A dialog (a request form, the cookie choices, the lightbox) is open. */
  modalOpen: boolean;
  /** A form field has focus: the bar must not cover it or what the keyboard leaves of the screen. */
  fieldFocused: boolean;
};

export function barShown(s: BarState): boolean {
  return s.measured && !s.requestsInView && !s.modalOpen && !s.fieldFocused;
}

/** Open modal dialogs: native ones (request forms) and the ARIA ones (cookie choices, lightbox). */
export const modalSelector = 'dialog[open], [aria-modal="true"]';

/** Whether focus in this element means the visitor is typing or choosing in a form. */
export function isFormField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (!(el instanceof HTMLInputElement)) return false;
  return !["button", "submit", "reset", "checkbox", "radio", "image", "hidden"].includes(el.type);
}

export type Phone = { text: string; href: string };

/** The number to call about a listing: its agent's when the platform names one, else the agency's. */
export function contactPhone(agent: PropertyDetail["agent"], agency: Agency): Phone {
  const phone = agent?.phone ? { text: agent.phone, href: agent.phoneHref } : { text: agency.phone, href: agency.phoneHref };
  return { text: phone.text, href: phone.href || (phone.text ? `tel:${phone.text.replace(/\s/g, "")}` : "") };
}
