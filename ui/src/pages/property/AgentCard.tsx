import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Agency, PropertyDetail } from "../../lib/api/types";
import { contactPhone } from "./phoneBar";

type Props = { agent: PropertyDetail["agent"]; agency: Agency };

export function agencyAddress(a: Agency["address"]): string {
  const street = [a.street, [a.number, a.box].filter(Boolean).join("/")].filter(Boolean).join(" ");
  return [street, [a.zip, a.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** Who to call about this listing: its agent when the platform names one, else the agency. */
export function AgentCard({ agent, agency }: Props) {
  const { t } = useTranslation("property");
  const id = useId();
  const name = agent?.name || agency.name;
  const phone = contactPhone(agent, agency);
  const email = agent?.email || agency.email;
  const address = agencyAddress(agency.address);
  return (
    <section className="property-agent" aria-labelledby={id}>
      <h2 className="property-group__title" id={id}>
        {t("agent.title")}
      </h2>
      <div className="property-agent__card">
        {agent?.photo && (
          <img className="property-agent__photo" src={agent.photo} alt="" width={96} height={96} loading="lazy" decoding="async" />
        )}
        <div className="property-agent__body">
          <p className="property-agent__name">{name}</p>
          {agent?.name && <p className="property-agent__agency">{agency.name}</p>}
          <ul className="property-agent__contact">
            {phone.text && (
              <li>
                <span className="property-agent__label">{t("labelled", { label: t("agent.phone") })} </span>
                <a className="property-agent__link" href={phone.href}>
                  {phone.text}
                </a>
              </li>
            )}
            {email && (
              <li>
                <span className="property-agent__label">{t("labelled", { label: t("agent.email") })} </span>
                <a className="property-agent__link" href={`mailto:${email}`}>
                  {email}
                </a>
              </li>
            )}
            {address && (
              <li className="property-agent__address">
                <span className="property-agent__label">{t("labelled", { label: t("agent.office") })} </span>
                {address}
              </li>
            )}
          </ul>
        </div>
      </div>
    </section>
  );
}
