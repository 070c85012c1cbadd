import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { goalOf } from "../../features/forms/spec";
import type { Receipt } from "../../lib/api/receipt";
import { ContentBody } from "../content/ContentBody";
import { usePaths } from "../content/paths";
import type { PageProps } from "../props";
import { formOf } from "./forms";
import { receiptParam, useReceipt } from "./useReceipt";
import "./feedback.css";

/**
 * The thank-you page a form lands on. Its words fit the form and hold for
 * every submission; the receipt the form's answer carries adds what the
 * mails say of this one: the visit booked, whether documents come, the way
 * back to the property or project.
 */
export function FeedbackPage({ site, page }: PageProps) {
  const { t } = useTranslation("pages");
  const paths = usePaths(site, page.lang);
  const form = formOf(page.internal);
  const [params] = useSearchParams();
  const receipt = useReceipt(params.get(receiptParam), page.lang, form);
  const key = `feedback.forms.${form ?? "default"}`;
  const subject = receipt?.subject;
  // A form for rentals, or about a property for rent, offers the rentals.
  const rental = (form !== null && goalOf(form) === "rent") || subject?.goal === "rent";
  const offer = paths.of(rental ? "/for-rent/" : "/for-sale/");
  return (
    <div className="content-page container feedback-page">
      <h1 className="content-page__title">{page.title}</h1>
      <div className="feedback-page__panel">
        <span className="feedback-page__check" aria-hidden="true" />
        <h2 className="feedback-page__heading">{t(`${key}.heading`)}</h2>
        <div aria-live="polite">{receipt?.visit && <VisitFacts receipt={receipt} />}</div>
        <p className="feedback-page__message">{message(receipt, key, t)}</p>
        {receipt?.visit && (
          <p className="feedback-page__calendar">
            <a className="content-page__button" href={receipt.visit.calendar} download>
              {t("feedback.visit.calendar")}
            </a>
          </p>
        )}
      </div>
      <ContentBody content={page.content} />
      <ul className="feedback-page__links">
        {subject && (
          <li>
            <Link className="content-page__button" to={subject.url}>
              {t(`feedback.back.${subject.kind}`)}
            </Link>
          </li>
        )}
        <li>
          <Link className={subject ? "content-page__link feedback-page__link" : "content-page__button"} to={paths.home}>
            {t("feedback.home")}
          </Link>
        </li>
        {offer && (
          <li>
            <Link className="content-page__link feedback-page__link" to={offer}>
              {t(rental ? "feedback.forRent" : "feedback.forSale")}
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}

/** The form's message, or what the documents mail says when the receipt tells. */
function message(receipt: Receipt | null, key: string, t: TFunction<"pages">): string {
  const n = receipt?.documents;
  if (n === undefined) return t(`${key}.message`);
  return n > 0 ? t("feedback.documents.sent", { count: n }) : t("feedback.documents.none");
}

/** When the booked visit is, and of what. */
function VisitFacts({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation("pages");
  const { visit, subject } = receipt;
  if (!visit) return null;
  return (
    <dl className="feedback-page__visit">
      <div className="feedback-page__fact">
        <dt>{t("feedback.visit.when")}</dt>
        <dd>
          <time dateTime={visit.start}>{visit.when}</time>
        </dd>
      </div>
      {subject && (
        <div className="feedback-page__fact">
          <dt>{t("feedback.visit.property")}</dt>
          <dd>{subject.title}</dd>
        </div>
      )}
    </dl>
  );
}
