import { zodResolver } from "@hookform/resolvers/zod";
import type { i18n as I18n } from "i18next";
import { useCallback, useContext, useId, useMemo, useRef, useState, type JSX } from "react";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageContext, SiteContext } from "../../app/context";
import { RouteTable } from "../../lib/routing/routes";
import { Captcha, type CaptchaHandle } from "./Captcha";
import { Recaptcha } from "./Recaptcha";
import { AreaField, CheckboxField, ChoiceField, ListField, SimpleField, type Option } from "./Fields";
import { fieldsSchema, type Choices, type FormValues, type Messages } from "./schema";
import { fieldsOf, messages, sectionsOf, type FieldSpec, type FormName } from "./spec";
import { sendForm } from "./submit";
import "./LeadForm.css";
import { FormAlert, useFormAlert } from "./FormAlert";
import { useFocusFirstInvalid } from "./useFocusFirstInvalid";
import { ScriptGate } from "../../app/ScriptGate";

export type { FormName };

/** A visit time the agency offers (ISO times). */
export interface VisitSlot {
  id: string;
  start: string;
  end: string;
  free: number;
}

export interface LeadFormProps {
  form: FormName;
  /** Sent but not shown (the property's or project's id). */
  fixed?: Record<string, string | number>;
  /** Initial values of shown fields (e.g. { request: "visit" }). */
  defaults?: Record<string, unknown>;
  /** Optional fields not to show. */
  omit?: string[];
  /** contact-appointment: the choices of field "slot". */
  slots?: VisitSlot[];
  /** demand-register: the choices of field "types". */
  typeOptions?: { value: string; label: string }[];
  /** Called once the server stored the request; by default the visitor goes to its thank-you page. */
  onSubmitted?: (answer: { id: string; redirect: string }) => void;
}


/** The validation messages come from leads/forms.json, the file the server reads too. */
function addValidationTexts(i18n: I18n, lang: string) {
  const texts = messages[lang];
  if (texts && !i18n.hasResourceBundle(lang, "validation")) i18n.addResourceBundle(lang, "validation", texts);
}

function initialValue(field: FieldSpec, defaults: Record<string, unknown>): unknown {
  if (field.name in defaults) return defaults[field.name];
  if (field.type === "checkbox") return false;
  if (field.type === "multi" || field.type === "list" || field.type === "area") return [];
  return "";
}

/**
 * A visit slot as the agency's clock reads it ("zaterdag 14 maart 10:00–10:30").
 * Intl is kept here: slots are only offered in the visit request dialog, which
 * opens on a click and is never rendered on the server (no Intl there), and
 * Intl gives the Brussels time zone and the day and month names.
 */
function slotLabel(slot: VisitSlot, lang: string, full: string): string {
  const format = new Intl.DateTimeFormat(lang, {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Brussels",
  });
  const when = format.formatRange(new Date(slot.start), new Date(slot.end));
  return slot.free > 0 ? when : `${when} (${full})`;
}

type Section = { name?: string; fields: FieldSpec[] };

/**
 * Runs of consecutive fields of the same section share a fieldset: the
 * person and address groups, and the sections the form's table entry names.
 */
function sections(form: FormName, fields: FieldSpec[]): Section[] {
  const named = sectionsOf(form);
  const out: Section[] = [];
  for (const field of fields) {
    const name = field.group === "person" || field.group === "address" ? field.group : named[field.name];
    const last = out[out.length - 1];
    if (last && name && last.name === name) last.fields.push(field);
    else out.push({ name, fields: [field] });
  }
  return out;
}

/**
 * A form of leads/forms.json: validated in the browser with the server's
 * rules, protected by ALTCHA and a honeypot, sent to /api/forms/{form}.
 * Whatever happens, what the visitor typed stays in the form until the
 * server has it.
 */
export function LeadForm({ form, fixed = {}, defaults = {}, omit = [], slots, typeOptions, onSubmitted }: LeadFormProps): JSX.Element {
  const site = useContext(SiteContext);
  const page = useContext(PageContext);
  const { i18n: instance } = useTranslation();
  const lang = page?.lang ?? instance.resolvedLanguage ?? instance.language;
  addValidationTexts(instance, lang);
  const { t } = useTranslation(["forms", "validation"]);
  const navigate = useNavigate();
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const fax = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  // The town names among the postcodes that the towns index does not have: refused at once.
  const [unknownTowns, setUnknownTowns] = useState<string[]>([]);

  // The props are often literals, new at each render: what counts is which names they hold.
  const fixedKey = Object.keys(fixed).join();
  const omitKey = omit.join();
  const fields = useMemo(() => {
    const sent = new Set(fixedKey.split(","));
    const left = new Set(omitKey.split(","));
    return fieldsOf(form).filter((f) => !sent.has(f.name) && !(left.has(f.name) && !f.required));
  }, [form, fixedKey, omitKey]);
  const options: Record<string, Option[] | undefined> = {
    slot: slots?.map((s) => ({ value: s.id, label: slotLabel(s, lang, t("slotFull", { ns: "validation" })) })),
    types: typeOptions,
  };
  // The allowed choices as a key, and the resolver made from the key: slots and typeOptions are new arrays at each render.
  const choiceKey = JSON.stringify({ slot: slots?.map((s) => s.id), types: typeOptions?.map((o) => o.value), unknownTowns });
  const msg: Messages = useCallback((key, params) => t(key, { ns: "validation", ...params }), [t]);
  const resolver = useMemo(() => {
    const { slot, types, unknownTowns: towns } = JSON.parse(choiceKey) as { slot?: string[]; types?: string[]; unknownTowns: string[] };
    const choices: Choices = { slot, types };
    for (const f of fields) if (f.items === "postcode") choices[f.name] = towns;
    return zodResolver(fieldsSchema(fields, msg, choices)) as Resolver<FormValues, unknown, FormValues>;
  }, [fields, msg, choiceKey]);
  const methods = useForm<FormValues, unknown, FormValues>({
    resolver,
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, initialValue(f, defaults)])),
    shouldFocusError: false,
  });

  const errorCount = Object.keys(methods.formState.errors).length;
  const [alert, setAlert] = useFormAlert(errorCount);
  const requestFocus = useFocusFirstInvalid(formRef, errorCount);

  const privacyPath = useMemo(
    () => (site ? new RouteTable(site.routes).localize("/privacy-statement/", lang) : null),
    [site, lang],
  );

  const onInvalid = () => {
    setAlert({ text: t("failed", { ns: "validation" }), more: [], fields: true });
    requestFocus();
  };

  const onValid = async (values: FormValues) => {
    setAlert(null);
    setSending(true);
    try {
      let altcha: string;
      try {
        altcha = (await captcha.current?.solve()) ?? "";
      } catch {
        setAlert({ text: t("captcha", { ns: "validation" }), more: [] });
        return;
      }
      const sent: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(values)) if (value !== undefined) sent[name] = value;
      for (const [name, value] of Object.entries(fixed)) {
        const spec = fieldsOf(form).find((f) => f.name === name);
        sent[name] = spec?.type === "property" || spec?.type === "project" ? Number(value) : value;
      }
      const outcome = await sendForm(form, { lang, fields: sent, altcha, fax: fax.current?.value ?? "" });
      if (outcome.kind === "created") {
        const answer = { id: outcome.id, redirect: outcome.redirect };
        if (onSubmitted) onSubmitted(answer);
        else void navigate(outcome.redirect);
        return;
      }
      captcha.current?.reset();
      switch (outcome.kind) {
        case "invalid": {
          const shown = new Set(fields.map((f) => f.name));
          const more: string[] = [];
          let inRed = false;
          for (const [name, message] of Object.entries(outcome.errors)) {
            if (shown.has(name)) {
              methods.setError(name, { type: "server", message });
              inRed = true;
            } else more.push(message);
          }
          setAlert({ text: outcome.message || t("failed", { ns: "validation" }), more, fields: inRed });
          requestFocus();
          break;
        }
        case "limited":
          setAlert({ text: t("errors.tooMany"), more: [] });
          break;
        case "rejected":
        case "failed":
          setAlert({ text: t(`errors.notSent.${form}`), more: [] });
          break;
      }
    } finally {
      setSending(false);
    }
  };

  const fieldId = (name: string) => `${baseId}-${name}`;
  const renderField = (field: FieldSpec) => {
    const props = { form, field, id: fieldId(field.name) };
    const key = field.name;
    switch (field.type) {
      case "checkbox":
        if (field.name === "privacy") {
          // Trans fills the link with the words between <policy> and </policy> (not "link": the parser takes that for the empty HTML element).
          const link = privacyPath ? <a href={privacyPath} target="_blank" rel="noopener" /> : <span />;
          const label = (
            <>
              <Trans t={t} i18nKey="privacy.label" components={{ policy: link }} />
              {privacyPath && <span className="visually-hidden"> ({t("newTab")})</span>}
            </>
          );
          return <CheckboxField key={key} {...props} label={label} />;
        }
        return <CheckboxField key={key} {...props} />;
      case "multi":
        return <ChoiceField key={key} {...props} options={options[field.name]} />;
      case "slot":
        return <ChoiceField key={key} {...props} options={options.slot ?? []} />;
      case "list":
        return <ListField key={key} {...props} onUnknownTowns={setUnknownTowns} />;
      case "area":
        return <AreaField key={key} {...props} />;
      default:
        return <SimpleField key={key} {...props} />;
    }
  };

  return (
    <FormProvider {...methods}>
      <form
        ref={formRef}
        className={`lead-form lead-form--${form}`}
        noValidate
        aria-busy={sending || undefined}
        onSubmit={methods.handleSubmit(onValid, onInvalid)}
      >
        <ScriptGate>
          <FormAlert alert={alert} />
          <p className="lead-form__note">
            <Trans t={t} i18nKey="requiredNote" components={{ mark: <span className="lead-form__required" /> }} />
          </p>
          {sections(form, fields).map((section, i) =>
            section.name ? (
              <fieldset key={`${section.name}-${i}`} className={`lead-form__section lead-form__section--${section.name}`}>
                <legend className="lead-form__legend">{t(`groups.${section.name}`)}</legend>
                {section.fields.map(renderField)}
              </fieldset>
            ) : (
              section.fields.map(renderField)
            ),
          )}
          <div className="lead-form__trap" aria-hidden="true">
            <label htmlFor={fieldId("fax")}>{t("labels.fax")}</label>
            <input ref={fax} id={fieldId("fax")} name="fax" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {site?.captcha === "recaptcha" ? (
            <Recaptcha siteKey={site.analytics.recaptchaSiteKey} ref={captcha} />
          ) : site?.captcha !== "off" ? (
            <Captcha lang={lang} ref={captcha} />
          ) : null}
          <button type="submit" className="lead-form__submit" disabled={sending} aria-busy={sending || undefined}>
            {sending ? t("sending") : t([`submit.${form}`, "submit.default"])}
          </button>
        </ScriptGate>
      </form>
    </FormProvider>
  );
}
