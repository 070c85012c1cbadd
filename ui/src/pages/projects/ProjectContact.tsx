import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Agency, Lang, ProjectDetail } from "../../lib/api/types";
import { addressLines } from "../office/address";

interface Props {
  agent: ProjectDetail["agent"];
  agency: Agency;
  lang: Lang;
  /** The way to ask by form, under the introduction. */
  children?: ReactNode;
}

/** Who to ask about the project: its agent when it has one, and always the agency. */
export function ProjectContact({ agent, agency, lang, children }: Props) {
  const { t } = useTranslation("projects");
  const headingId = useId();
  return (
    <section className="project-contact" aria-labelledby={headingId}>
      <h2 id={headingId} className="project-page__heading">
        {t("contact.heading")}
      </h2>
      <p>{t("contact.intro")}</p>
      {children}
      <div className="project-contact__cards">
        {agent && (
          <address className="project-contact__card">
            <p className="project-contact__role">{t("contact.agent")}</p>
            <div className="project-contact__person">
              {agent.photo && (
                <img className="project-contact__photo" src={agent.photo} width={96} height={96} alt="" loading="lazy" decoding="async" />
              )}
              <div>
                <p className="project-contact__name">{agent.name}</p>
                {agent.phone && <ContactLine label={t("contact.phone")} href={agent.phoneHref || `tel:${agent.phone}`} text={agent.phone} />}
                {agent.email && <ContactLine label={t("contact.email")} href={`mailto:${agent.email}`} text={agent.email} />}
              </div>
            </div>
          </address>
        )}
        <address className="project-contact__card">
          <p className="project-contact__role">{t("contact.agency")}</p>
          <p className="project-contact__name">{agency.name}</p>
          <p className="project-contact__address">
            {addressLines(agency.address, lang).map((line, i) => (
              <span key={i} className="project-contact__address-line">
                {line}
              </span>
            ))}
          </p>
          {agency.phone && <ContactLine label={t("contact.phone")} href={agency.phoneHref} text={agency.phone} />}
          {agency.email && <ContactLine label={t("contact.email")} href={`mailto:${agency.email}`} text={agency.email} />}
        </address>
      </div>
    </section>
  );
}

function ContactLine({ label, href, text }: { label: string; href: string; text: string }) {
  const { t } = useTranslation("projects");
  return (
    <p className="project-contact__line">
      <span className="project-contact__label">{t("labelled", { label })} </span>
      <a className="project-contact__link" href={href}>
        {text}
      </a>
    </p>
  );
}
