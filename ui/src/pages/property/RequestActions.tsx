import { useId, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { preloadLeadForm } from "../../features/forms/FormDialog";
import type { RequestKind } from "./requests";

type Props = { kinds: RequestKind[]; onRequest: (kind: RequestKind) => void; ref?: Ref<HTMLElement> };

// Documents and 'send to a friend' have their buttons in their own sections.
const here: RequestKind[] = ["info", "visit", "offer", "rent"];

/** The listing's main requests, next to the agent: information, a visit, an offer or a rental application. */
export function RequestActions({ kinds, onRequest, ref }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  const shown = kinds.filter((k) => here.includes(k));
  if (shown.length === 0) return null;
  return (
    <section className="property-requests" aria-labelledby={id} ref={ref}>
      <h2 className="property-group__title" id={id}>
        {t("requests.title")}
      </h2>
      <ul className="property-requests__list">
        {shown.map((kind, i) => (
          <li key={kind}>
            <RequestButton
              className={i === 0 ? "property-requests__button property-requests__button--main" : "property-requests__button"}
              onClick={() => onRequest(kind)}
            >
              {t(`requests.${kind}`)}
            </RequestButton>
          </li>
        ))}
      </ul>
    </section>
  );
}

type ButtonProps = { className?: string; onClick: () => void; children: string };

/** A button that opens a request dialog; the form's code starts loading as soon as the visitor heads for it. */
export function RequestButton({ className, onClick, children }: ButtonProps) {
  return (
    <button
      type="button"
      className={className ? `property-button ${className}` : "property-button"}
      aria-haspopup="dialog"
      onClick={onClick}
      onPointerEnter={preloadLeadForm}
      onFocus={preloadLeadForm}
    >
      {children}
    </button>
  );
}
