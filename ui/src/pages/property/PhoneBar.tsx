import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { preloadLeadForm } from "../../features/forms/FormDialog";
import { opensApp } from "../../lib/routing/links";
import { barShown, isFormField, modalSelector, type Phone } from "./phoneBar";

type Props = {
  phone: Phone;
  /** The agency's wa.me link, "" for none. */
  whatsapp: string;
  /** Opens the information request; absent when the listing takes none. */
  onAsk?: () => void;
  /** The page's own request buttons: the bar steps aside while they are on screen. */
  requests: RefObject<HTMLElement | null>;
  /** The page's request dialog is open. */
  dialogOpen: boolean;
};

/**
 * A phone's contact bar, fixed to the bottom of the screen: call, WhatsApp,
 * ask. It renders hidden on the server and stays so until the browser has
 * measured where the visitor is; the style sheet keeps it off wider screens.
 */
export function PhoneBar({ phone, whatsapp, onAsk, requests, dialogOpen }: Props) {
  const { t } = useTranslation("property");
  const { t: tc } = useTranslation("common");
  const [measured, setMeasured] = useState(false);
  const [requestsInView, setRequestsInView] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const [fieldFocused, setFieldFocused] = useState(false);
  const ask = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  // On a phone the bar is there from the first screen, so calling or asking never waits for a scroll; it steps aside
  // only while the page's own request buttons are in view.
  useEffect(() => {
    const buttons = requests.current;
    if (!buttons || typeof IntersectionObserver === "undefined") {
      setMeasured(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) setRequestsInView(entry.isIntersecting);
      setMeasured(true);
    });
    observer.observe(buttons);
    return () => observer.disconnect();
  }, [requests]);

  useEffect(() => {
    const check = () => setModalOpen(document.querySelector(modalSelector) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open", "aria-modal"] });
    const focusIn = (e: FocusEvent) => setFieldFocused(isFormField(e.target));
    const focusOut = () => setFieldFocused(false);
    document.addEventListener("focusin", focusIn);
    document.addEventListener("focusout", focusOut);
    return () => {
      observer.disconnect();
      document.removeEventListener("focusin", focusIn);
      document.removeEventListener("focusout", focusOut);
    };
  }, []);

  const shown = barShown({ measured, requestsInView, modalOpen: modalOpen || dialogOpen, fieldFocused });

  // The dialog gives focus back to its opener as it closes, while the bar is still hidden: it is given here once the bar is back.
  useEffect(() => {
    if (!shown || !asked.current) return;
    asked.current = false;
    if (document.activeElement === document.body) ask.current?.focus();
  }, [shown]);

  if (!phone.href && !whatsapp && !onAsk) return null;
  const newTab = (href: string) => (opensApp(href) ? {} : ({ target: "_blank", rel: "noopener noreferrer" } as const));
  return (
    <section className="phone-bar" aria-label={t("bar.label")} hidden={!shown}>
      {phone.href && (
        <a className="phone-bar__action" href={phone.href} {...newTab(phone.href)}>
          {t("bar.call")}
        </a>
      )}
      {whatsapp && (
        <a className="phone-bar__action" href={whatsapp} {...newTab(whatsapp)}>
          {t("bar.whatsapp")}
          <span className="visually-hidden"> {tc("a11y.newTab")}</span>
        </a>
      )}
      {onAsk && (
        <button
          ref={ask}
          type="button"
          className="phone-bar__action phone-bar__action--main"
          aria-haspopup="dialog"
          onClick={() => {
            asked.current = true;
            onAsk();
          }}
          onPointerEnter={preloadLeadForm}
          onFocus={preloadLeadForm}
        >
          {t("bar.ask")}
        </button>
      )}
    </section>
  );
}
