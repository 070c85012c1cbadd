import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { Demand } from "../../lib/api/account";
import { AreaField, CheckboxField, ChoiceField, ListField, SimpleField } from "../../features/forms/Fields";
import { specMessages, type FormValues } from "../../features/forms/schema";
import "../../features/forms/LeadForm.css";
import { typeOptions } from "../demand-register/DemandRegisterPage";
import { fieldOf, formFieldOf, frequencies, searchForm, searchSchema, toFormValues, toUpdate } from "./criteria";
import type { Outcome } from "./useDemand";
import { FormAlert, useFormAlert } from "../../features/forms/FormAlert";
import { useFocusFirstInvalid } from "../../features/forms/useFocusFirstInvalid";
import { ScriptGate } from "../../app/ScriptGate";

interface CriteriaFormProps {
  demand: Demand;
  lang: string;
  save: (update: ReturnType<typeof toUpdate>) => Promise<Outcome>;
  /** Tells the page's status region that the search was saved. */
  onSaved: () => void;
}


/** The criteria and the alert rhythm, edited with the registration form's fields and rules. */
export function CriteriaForm({ demand, lang, save, onSaved }: CriteriaFormProps) {
  const { t } = useTranslation("search-profile");
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const types = useMemo(() => typeOptions(demand.typeTree), [demand.typeTree]);
  const typeKey = types.map((o) => o.value).join();
  // The town names among the postcodes that the towns index does not have: refused at once.
  const [unknownTowns, setUnknownTowns] = useState<string[]>([]);
  const resolver = useMemo(
    () =>
      zodResolver(searchSchema(specMessages(lang), typeKey.split(",").filter(Boolean), unknownTowns)) as Resolver<FormValues, unknown, FormValues>,
    [lang, typeKey, unknownTowns],
  );
  const methods = useForm<FormValues, unknown, FormValues>({ resolver, defaultValues: toFormValues(demand), shouldFocusError: false });

  const errorCount = Object.keys(methods.formState.errors).length;
  const [alert, setAlert] = useFormAlert(errorCount);
  const requestFocus = useFocusFirstInvalid(formRef, errorCount);

  const onInvalid = () => {
    setAlert({ text: t("form.invalid"), more: [], fields: true });
    requestFocus();
  };

  const onValid = async (values: FormValues) => {
    setAlert(null);
    setSending(true);
    try {
      const outcome = await save(toUpdate(values, lang));
      switch (outcome.kind) {
        case "ok":
          // The stored demand comes back (rounded area, cleaned lists): the form shows that, unchanged since.
          methods.reset(toFormValues(outcome.demand));
          onSaved();
          break;
        case "invalid": {
          const more: string[] = [];
          let inRed = false;
          for (const [name, message] of Object.entries(outcome.errors)) {
            const field = formFieldOf(name);
            if (field in values) {
              methods.setError(field, { type: "server", message });
              inRed = true;
            } else more.push(message);
          }
          setAlert({ text: outcome.message || t("form.invalid"), more, fields: inRed });
          requestFocus();
          break;
        }
        case "failed":
          setAlert({ text: outcome.message || t("form.failed"), more: [] });
          break;
        case "away":
          break;
      }
    } finally {
      setSending(false);
    }
  };

  const props = (name: string) => ({ form: searchForm, field: fieldOf(name), id: `${baseId}-${name}` });
  return (
    <FormProvider {...methods}>
      <form
        ref={formRef}
        className="lead-form my-search__form"
        noValidate
        aria-busy={sending || undefined}
        aria-labelledby={`${baseId}-heading`}
        onSubmit={methods.handleSubmit(onValid, onInvalid)}
      >
        <ScriptGate>
          <h2 id={`${baseId}-heading`} className="my-search__heading">
            {t("form.heading")}
          </h2>
          <FormAlert alert={alert} />
          <fieldset className="lead-form__section">
            <legend className="lead-form__legend">{t("form.search")}</legend>
            <SimpleField {...props("goal")} />
            {["budget", "minPrice", "maxPrice", "minRooms", "minBathrooms", "minGarages", "minParkings"].map((name) => (
              <SimpleField key={name} {...props(name)} />
            ))}
            <ChoiceField {...props("types")} options={types} />
            <ListField {...props("zones")} onUnknownTowns={setUnknownTowns} />
            <AreaField {...props("area")} />
          </fieldset>
          <fieldset className="lead-form__section">
            <legend className="lead-form__legend">{t("form.contact")}</legend>
            <ChoiceField {...props("timeSlots")} />
            <CheckboxField {...props("newsletter")} />
            <SimpleField {...props("remark")} />
          </fieldset>
          <fieldset className="lead-form__field lead-form__group my-search__frequency">
            <legend className="lead-form__label">{t("form.frequency")}</legend>
            <ul className="lead-form__choices">
              {frequencies.map((value) => (
                <li key={value} className="lead-form__choice">
                  <input
                    id={`${baseId}-frequency-${value}`}
                    className="lead-form__checkbox"
                    type="radio"
                    value={value}
                    {...methods.register("frequency")}
                  />
                  <label htmlFor={`${baseId}-frequency-${value}`}>{t(`form.frequencies.${value}`)}</label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button type="submit" className="lead-form__submit" disabled={sending} aria-busy={sending || undefined}>
            {sending ? t("form.saving") : t("form.save")}
          </button>
        </ScriptGate>
      </form>
    </FormProvider>
  );
}
