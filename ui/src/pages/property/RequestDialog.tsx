import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Lang, PropertyDetail } from "../../lib/api/types";
import { FormDialog } from "../../features/forms/FormDialog";
import type { LeadFormProps } from "../../features/forms";
import { formatters } from "./format";
import { visitPlan, type RequestKind } from "./requests";

type Props = {
  kind: RequestKind | null;
  property: PropertyDetail;
  title: string;
  lang: Lang;
  onClose: () => void;
};

type NoticeKind = "full" | "offer" | "rent";

/** The form of a request, and the notice the visitor must read before it. */
function requestOf(kind: RequestKind, p: PropertyDetail, now: Date): { form: LeadFormProps; notice: NoticeKind | null } {
  const fixed = { property: p.id };
  switch (kind) {
    case "info":
      return { form: { form: "contact-me", fixed, defaults: { request: "info" } }, notice: null };
    case "visit": {
      const plan = visitPlan(p, now);
      if (plan.kind === "book") return { form: { form: "contact-appointment", fixed, slots: plan.slots }, notice: null };
      return { form: { form: "contact-me", fixed, defaults: { request: "visit" } }, notice: plan.kind === "full" ? "full" : null };
    }
    case "offer":
      return { form: { form: "offer", fixed }, notice: "offer" };
    case "rent":
      return { form: { form: "rent-application", fixed }, notice: "rent" };
    case "documents":
      return { form: { form: "request-documents", fixed }, notice: null };
    case "friend":
      return { form: { form: "send-to-friend", fixed }, notice: null };
  }
}

/** The dialog of the request the visitor chose, with its form bound to this listing. */
export function RequestDialog({ kind, property: p, title, lang, onClose }: Props) {
  const { t } = useTranslation("property");
  // Slots are judged when the dialog opens: one that began while the page stood open is not offered.
  const request = useMemo(() => (kind ? requestOf(kind, p, new Date()) : null), [kind, p]);
  const heading = kind === "documents" ? t("documents.request") : kind === "friend" ? t("share.friend") : kind ? t(`requests.${kind}`) : "";
  const notice = request?.notice ? noticeText(request.notice, p, lang, t) : null;
  return (
    <FormDialog
      form={request?.form ?? null}
      onClose={onClose}
      title={heading}
      labels={{ close: t("requests.close"), loading: t("requests.loading"), failed: t("requests.failed") }}
    >
      <p className="property-request__subject">{t("requests.subject", { title, id: p.id })}</p>
      {notice && (
        <div className={`property-request__notice property-request__notice--${request?.notice}`}>
          {notice.title && <p className="property-request__notice-title">{notice.title}</p>}
          <p className="property-request__notice-text">{notice.text}</p>
        </div>
      )}
    </FormDialog>
  );
}

/** The deposit the visitor commits to, worked out when the price is published; or why no slot can be booked. */
function noticeText(kind: NoticeKind, p: PropertyDetail, lang: Lang, t: TFunction<"property">): { title?: string; text: string } {
  if (kind === "full") return { title: t("requests.full"), text: t("requests.fullText") };
  const price = p.price.published ? p.price.amount : null;
  const { money } = formatters(lang);
  if (kind === "offer") {
    return { text: price ? t("requests.offerDepositAmount", { amount: money(Math.round(price * 0.1)) }) : t("requests.offerDeposit") };
  }
  return { text: price ? t("requests.rentDepositAmount", { amount: money(price * 3) }) : t("requests.rentDeposit") };
}
