import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchBox } from "react-instantsearch";

/** The labelled query box: searches as the visitor types. */
export function SearchField() {
  const { t } = useTranslation("search");
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const [last, setLast] = useState(query);
  const id = useId();
  // Follow the state when it changes from outside (URL, back button, clear all).
  if (query !== last) {
    setLast(query);
    if (query !== value) setValue(query);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    refine(value);
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label className="search-box__label" htmlFor={id}>
        {t("searchBox.label")}
      </label>
      <div className="search-box__row">
        <input
          id={id}
          className="input search-field search-box__input"
          type="search"
          value={value}
          placeholder={t("searchBox.example")}
          autoComplete="off"
          spellCheck={false}
          maxLength={256}
          onChange={(e) => {
            setValue(e.target.value);
            refine(e.target.value);
          }}
        />
        <button type="submit" className="button search-box__submit">
          {t("searchBox.submit")}
        </button>
      </div>
    </form>
  );
}
