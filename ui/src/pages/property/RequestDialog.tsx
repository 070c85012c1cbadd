import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Lang, PropertyDetail } from "../../lib/api/types";
import { FormDialog, type FormPick } from "../../features/forms/FormDialog";
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

/** The notice of a visit whose slots are all taken, or of the deposit a form for one goal commits the visitor to. */
type NoticeKind = "full" | "sale" | "rent";

/**
 * The form of a request (forms.json's table says which: the slots a visit can
 * still book choose the booking form), and the notice the visitor must read before it.
 */
function requestOf(kind: RequestKind, p: PropertyDetail, now: Date, table: Parameters<FormPick>[0]): { form: LeadFormProps; notice: NoticeKind | null } | null {
  const plan = kind === "visit" ? visitPlan(p, now) : null;
  const slots = plan?.kind === "book" ? plan.slots : undefined;
  const found = table.formForRequest("property", kind, { slots: slots !== undefined });
  if (!found) return null;
  const form: LeadFormProps = { form: found.form, fixed: { property: p.id } };
  if (found.defaults) form.defaults = found.defaults;
  if (found.whenSlots) form.slots = slots;
  return { form, notice: plan?.kind === "full" ? "full" : (table.goalOf(found.form) ?? null) };
}

/** The dialog of the request the visitor chose, with its form bound to this listing. */
export function RequestDialog({ kind, property: p, title, lang, onClose }: Props) {
  const { t } = useTranslation("property");
  const pick = useMemo((): FormPick | null => {
    if (!kind) return null;
    // Slots are judged when the dialog opens: one that began while the page stood open is not offered.
    const now = new Date();
    return (table) => {
      const request = requestOf(kind, p, now, table);
      return request && { form: request.form, notice: request.notice && <Notice kind={request.notice} property={p} lang={lang} /> };
    };
  }, [kind, p, lang]);
  const heading = kind === "documents" ? t("documents.request") : kind === "friend" ? t("share.friend") : kind ? t(`requests.${kind}`) : "";
  return (
    <FormDialog
      form={pick}
      onClose={onClose}
      title={heading}
      labels={{ close: t("requests.close"), loading: t("requests.loading"), failed: t("requests.failed") }}
    >
      <p className="property-request__subject">{t("requests.subject", { title, id: p.id })}</p>
    </FormDialog>
  );
}

function Notice({ kind, property, lang }: { kind: NoticeKind; property: PropertyDetail; lang: Lang }) {
  const { t } = useTranslation("property");
  const { title, text } = noticeText(kind, property, lang, t);
  return (
    <div className={`property-request__notice property-request__notice--${kind}`}>
      {title && <p className="property-request__notice-title">{title}</p>}
      <p className="property-request__notice-text">{text}</p>
    </div>
  );
}

/** The deposit the visitor commits to, worked out when the price is published; or why no slot can be booked. */
function noticeText(kind: NoticeKind, p: PropertyDetail, lang: Lang, t: TFunction<"property">): { title?: string; text: string } {
  if (kind === "full") return { title: t("requests.full"), text: t("requests.fullText") };
  const price = p.price.published ? p.price.amount : null;
  const { money } = formatters(lang);
  if (kind === "sale") {
    return { text: price ? t("requests.offerDepositAmount", { amount: money(Math.round(price * 0.1)) }) : t("requests.offerDeposit") };
  }
  return { text: price ? t("requests.rentDepositAmount", { amount: money(price * 3) }) : t("requests.rentDeposit") };
}
