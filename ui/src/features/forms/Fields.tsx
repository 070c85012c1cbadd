import { useContext, useId, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SiteContext } from "../../app/context";
import { AreaPicker } from "./area/AreaPicker";
import type { AreaPoint } from "./rules";
import { fieldsOf, postcode, type FieldSpec, type FormName } from "./spec";
import { useTownSuggestions, useUnknownTowns } from "./towns";

export interface Option {
  value: string;
  label: string;
}

export interface FieldProps {
  form: FormName;
  field: FieldSpec;
  /** Base of the ids of the field's elements. */
  id: string;
  /** The choices of fields whose options come from the page (property types, visit slots). */
  options?: Option[];
}

/** The fields of a form that a field makes optional when filled ('unless'): they are checked again when it changes. */
const dependents = (form: FormName, name: string) =>
  fieldsOf(form)
    .filter((f) => f.unless === name)
    .map((f) => f.name);

/** Of two fields either of which will do, the first one tells so (its partner follows it). */
function firstOfPair(form: FormName, field: FieldSpec): boolean {
  const names = fieldsOf(form).map((f) => f.name);
  return field.unless !== undefined && names.indexOf(field.unless) > names.indexOf(field.name);
}

/** The label of a field: the form's own words when it has them (a testimonial's "comment"), else the field's. */
export function useFieldText(form: FormName) {
  const { t } = useTranslation("forms");
  return {
    label: (name: string) => t([`overrides.${form}.${name}`, `labels.${name}`]),
    /** The field's own help, else, for the first of two fields either of which will do, what that means. */
    help: (name: string, missing?: string) =>
      t([`help.${form}.${name}`, `help.${name}`, ...(missing ? [`help.missing.${missing}`] : []), ""]),
  };
}

const autoComplete: Record<string, string> = {
  title: "honorific-prefix",
  firstName: "given-name",
  lastName: "family-name",
  name: "name",
  email: "email",
  phone: "tel",
  street: "street-address",
  zip: "postal-code",
  city: "address-level2",
  password: "new-password",
  passwordConfirm: "new-password",
  website: "url",
};

const inputType: Partial<Record<FieldSpec["type"], string>> = {
  email: "email",
  phone: "tel",
  url: "url",
  password: "password",
  date: "date",
};

/** The ids and ARIA wiring shared by every control. */
function useDescribed(id: string, name: string, help: string) {
  const { formState } = useFormContext();
  const message = formState.errors[name]?.message;
  const error = typeof message === "string" && message !== "" ? message : "";
  const helpId = help ? `${id}-help` : "";
  const errorId = error ? `${id}-error` : "";
  return {
    error,
    helpId,
    errorId,
    aria: {
      "aria-invalid": error ? (true as const) : undefined,
      "aria-describedby": [helpId, errorId].filter(Boolean).join(" ") || undefined,
    },
  };
}

function Marker({ required }: { required?: boolean }) {
  return required ? (
    <span className="lead-form__required" aria-hidden="true">
      *
    </span>
  ) : null;
}

function Notes({ help, helpId, error, errorId }: { help: string; helpId: string; error: string; errorId: string }) {
  return (
    <>
      {help && (
        <p id={helpId} className="lead-form__help">
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className="lead-form__error">
          {error}
        </p>
      )}
    </>
  );
}

/** Inputs, text areas and selects: one control under its label. */
export function SimpleField({ form, field, id }: FieldProps) {
  const { t } = useTranslation("forms");
  const { register } = useFormContext();
  const text = useFieldText(form);
  const help = text.help(field.name, firstOfPair(form, field) ? field.missing : undefined);
  const { error, helpId, errorId, aria } = useDescribed(id, field.name, help);
  // A field either of two will do is not required by itself.
  const required = field.required && !field.unless;
  const common = { id, ...aria, "aria-required": required || undefined, ...register(field.name, { deps: dependents(form, field.name) }) };
  let control: ReactNode;
  if (field.type === "textarea") {
    control = <textarea className="lead-form__input lead-form__textarea" rows={5} {...common} />;
  } else if (field.type === "select") {
    control = (
      <select className="lead-form__input lead-form__select" autoComplete={autoComplete[field.name]} {...common}>
        <option value="">{t("choose")}</option>
        {field.options?.map((value) => (
          <option key={value} value={value}>
            {t(`options.${field.name}.${value}`)}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = field.type === "number";
    control = (
      <input
        className="lead-form__input"
        type={inputType[field.type] ?? "text"}
        inputMode={numeric ? "numeric" : undefined}
        autoComplete={autoComplete[field.name] ?? (field.type === "password" ? "new-password" : undefined)}
        {...common}
      />
    );
  }
  return (
    <div className={`lead-form__field lead-form__field--${field.type} lead-form__field--${field.name}`}>
      <label className="lead-form__label" htmlFor={id}>
        {text.label(field.name)}
        <Marker required={required} />
      </label>
      {control}
      <Notes help={help} helpId={helpId} error={error} errorId={errorId} />
    </div>
  );
}

/** A single checkbox (privacy, newsletter, deposit notice); its label may hold a link. */
export function CheckboxField({ form, field, id, label }: FieldProps & { label?: ReactNode }) {
  const { register } = useFormContext();
  const text = useFieldText(form);
  const help = text.help(field.name);
  const { error, helpId, errorId, aria } = useDescribed(id, field.name, help);
  return (
    <div className={`lead-form__field lead-form__field--checkbox lead-form__field--${field.name}`}>
      <div className="lead-form__check">
        <input
          className="lead-form__checkbox"
          type="checkbox"
          id={id}
          {...aria}
          aria-required={field.required || undefined}
          {...register(field.name)}
        />
        <label className="lead-form__check-label" htmlFor={id}>
          {label ?? text.label(field.name)}
          <Marker required={field.required} />
        </label>
      </div>
      <Notes help={help} helpId={helpId} error={error} errorId={errorId} />
    </div>
  );
}

/**
 * Choices in a fieldset: checkboxes for "multi" (several), radio buttons
 * for "slot" (one).
 */
export function ChoiceField({ form, field, id, options }: FieldProps) {
  const { t } = useTranslation("forms");
  const { control } = useFormContext();
  const text = useFieldText(form);
  const help = text.help(field.name);
  const { error, helpId, errorId, aria } = useDescribed(id, field.name, help);
  const single = field.type === "slot";
  const choices = options ?? (field.options ?? []).map((value) => ({ value, label: t(`options.${field.name}.${value}`) }));
  return (
    <fieldset
      className={`lead-form__field lead-form__group lead-form__field--${field.name}`}
      aria-describedby={aria["aria-describedby"]}
    >
      <legend className="lead-form__label">
        {text.label(field.name)}
        <Marker required={field.required} />
      </legend>
      <Controller
        control={control}
        name={field.name}
        render={({ field: f }) => {
          const list = Array.isArray(f.value) ? (f.value as string[]) : [];
          return (
            <ul className="lead-form__choices">
              {choices.map((choice, i) => {
                const checked = single ? f.value === choice.value : list.includes(choice.value);
                return (
                  <li key={choice.value} className="lead-form__choice">
                    <input
                      id={`${id}-${i}`}
                      ref={i === 0 ? f.ref : undefined}
                      className="lead-form__checkbox"
                      type={single ? "radio" : "checkbox"}
                      name={id}
                      value={choice.value}
                      checked={checked}
                      {...aria}
                      onBlur={f.onBlur}
                      onChange={(e) => {
                        if (single) f.onChange(choice.value);
                        else f.onChange(e.target.checked ? [...list, choice.value] : list.filter((v) => v !== choice.value));
                      }}
                    />
                    <label htmlFor={`${id}-${i}`}>{choice.label}</label>
                  </li>
                );
              })}
            </ul>
          );
        }}
      />
      <Notes help={help} helpId={helpId} error={error} errorId={errorId} />
    </fieldset>
  );
}

/**
 * Free entries (the zones' postcodes or towns): typed one at a time, Enter or a comma adds one, each removable. A
 * list of postcodes suggests the towns of the towns index as the visitor types, writes postcodes one way, and looks
 * each town name up: `onUnknownTowns` gets the names no town has.
 */
export function ListField({ form, field, id, onUnknownTowns }: FieldProps & { onUnknownTowns?: (names: string[]) => void }) {
  const { t, i18n } = useTranslation("forms");
  const { control } = useFormContext();
  const site = useContext(SiteContext);
  const text = useFieldText(form);
  const help = text.help(field.name);
  const { error, helpId, errorId, aria } = useDescribed(id, field.name, help);
  const [draft, setDraft] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const listId = useId();
  const suggestionsId = useId();
  const places = field.items === "postcode";
  const langs = site?.languages ?? [i18n.language];
  const towns = useTownSuggestions(langs, places ? draft : "");
  const value: unknown = useWatch({ control, name: field.name });
  useUnknownTowns(langs, places && Array.isArray(value) ? (value as string[]) : [], onUnknownTowns);
  return (
    <Controller
      control={control}
      name={field.name}
      render={({ field: f }) => {
        const list = Array.isArray(f.value) ? (f.value as string[]) : [];
        const add = (raw: string) => {
          const entries = raw
            .split(",")
            .map((s) => (places ? (postcode(s) ?? s.trim()) : s.trim()))
            .filter((s) => s !== "" && !list.includes(s));
          if (entries.length > 0) {
            f.onChange([...list, ...new Set(entries)]);
            setAnnouncement(t("list.added", { value: entries.join(", ") }));
          }
          setDraft("");
        };
        const remove = (value: string, index: number) => {
          f.onChange(list.filter((v) => v !== value));
          setAnnouncement(t("list.removed", { value }));
          // The next chip (or the input, after the last one) takes the focus the removed chip had.
          requestAnimationFrame(() => {
            const chips = document.querySelectorAll<HTMLButtonElement>(`[data-chips="${listId}"] button`);
            (chips[Math.min(index, chips.length - 1)] ?? document.getElementById(id))?.focus();
          });
        };
        const onChange = (e: ChangeEvent<HTMLInputElement>) => {
          const value = e.target.value;
          const native = e.nativeEvent;
          // Picking a suggestion replaces the text without typing it: that town is the entry.
          const picked = !(native instanceof InputEvent) || native.inputType === "insertReplacementText";
          if (value.includes(",") || (places && picked && towns.some((town) => town.name === value))) add(value);
          else setDraft(value);
        };
        const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === "Enter" || e.key === ",") {
            e.preventDefault();
            add(draft);
          } else if (e.key === "Backspace" && draft === "" && list.length > 0) {
            remove(list[list.length - 1]!, list.length - 1);
          }
        };
        return (
          <div className={`lead-form__field lead-form__field--list lead-form__field--${field.name}`}>
            <label className="lead-form__label" htmlFor={id}>
              {text.label(field.name)}
              <Marker required={field.required} />
            </label>
            {list.length > 0 && (
              <ul className="lead-form__chips" data-chips={listId} aria-label={t("list.chosen", { label: text.label(field.name) })}>
                {list.map((value, i) => (
                  <li key={value} className="lead-form__chip">
                    <span>{value}</span>
                    <button type="button" className="lead-form__chip-remove" onClick={() => remove(value, i)}>
                      <span aria-hidden="true">×</span>
                      <span className="visually-hidden">{t("list.remove", { value })}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="lead-form__list-entry">
              <input
                id={id}
                ref={f.ref}
                className="lead-form__input"
                type="text"
                autoComplete="off"
                list={places ? suggestionsId : undefined}
                value={draft}
                {...aria}
                aria-required={(field.required && !field.unless) || undefined}
                onChange={onChange}
                onKeyDown={onKeyDown}
                onBlur={() => {
                  if (draft.trim() !== "") add(draft);
                  f.onBlur();
                }}
              />
              <button type="button" className="lead-form__list-add" onClick={() => add(draft)}>
                {t("list.add")}
              </button>
              {places && (
                <datalist id={suggestionsId}>
                  {towns.map((town) => (
                    <option key={`${town.name}|${town.zip}`} value={town.name}>
                      {town.zip}
                    </option>
                  ))}
                </datalist>
              )}
            </div>
            <Notes help={help} helpId={helpId} error={error} errorId={errorId} />
            <p className="visually-hidden" aria-live="polite">
              {announcement}
            </p>
          </div>
        );
      }}
    />
  );
}

/**
 * A search area drawn on a map (type "area"). A change revalidates the fields
 * it makes optional ('unless'), so "postcode or area" clears once drawn.
 */
export function AreaField({ form, field, id }: FieldProps) {
  const { control } = useFormContext();
  const text = useFieldText(form);
  const help = text.help(field.name);
  const { error, helpId, errorId, aria } = useDescribed(id, field.name, help);
  const deps = fieldsOf(form)
    .filter((f) => f.unless === field.name)
    .map((f) => f.name);
  return (
    <div className={`lead-form__field lead-form__field--area lead-form__field--${field.name}`}>
      <Controller
        control={control}
        name={field.name}
        rules={{ deps }}
        render={({ field: f }) => (
          <AreaPicker
            id={id}
            label={text.label(field.name)}
            value={Array.isArray(f.value) ? (f.value as AreaPoint[]) : []}
            onChange={(value) => f.onChange(value)}
            describedBy={aria["aria-describedby"]}
            invalid={error !== ""}
          />
        )}
      />
      <Notes help={help} helpId={helpId} error={error} errorId={errorId} />
    </div>
  );
}
