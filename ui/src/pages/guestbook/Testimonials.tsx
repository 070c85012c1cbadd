import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Testimonial } from "../../lib/api/types";
import "./guestbook.css";

/** The testimonials the agency approved, newest first; nothing when there are none yet. */
export function Testimonials({ items }: { items: Testimonial[] }) {
  const { t } = useTranslation("pages");
  const heading = useId();
  if (items.length === 0) return null;
  return (
    <section className="guestbook-testimonials" aria-labelledby={heading}>
      <h2 id={heading} className="guestbook-testimonials__title">
        {t("guestbook.title")}
      </h2>
      <ul className="guestbook-testimonials__list">
        {items.map((item) => (
          <li key={item.id} className="guestbook-testimonials__item">
            <figure className="guestbook-testimonials__figure">
              <blockquote className="guestbook-testimonials__quote">
                {item.comment.split(/\n+/).map((line, i) => (
                  <p key={i}>{line}</p>
                ))}
              </blockquote>
              <figcaption className="guestbook-testimonials__by">
                <span className="guestbook-testimonials__name">{item.name}</span>
                {item.about && <span className="guestbook-testimonials__about">{item.about}</span>}
                {item.website && (
                  <a
                    className="guestbook-testimonials__website"
                    href={item.website}
                    rel="nofollow ugc noopener noreferrer"
                    target="_blank"
                  >
                    {t("guestbook.website", { name: item.name })}
                  </a>
                )}
                <span className="guestbook-testimonials__date">{t("guestbook.posted", { date: item.date })}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
