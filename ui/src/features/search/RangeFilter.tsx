import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useRange, type UseRangeProps } from "react-instantsearch";

interface Props {
  /** The hook's parameters, from widgets.ts. */
  params: UseRangeProps;
  title: string;
}

const shown = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? "" : String(n));
const parsed = (s: string) => (s.trim() === "" ? undefined : Number(s));

/** A minimum and a maximum, applied together on submit (Enter or the button). */
export function RangeFilter({ params, title }: Props) {
  const { t } = useTranslation("search");
  const { start, refine } = useRange(params);
  const [min, setMin] = useState(shown(start[0]));
  const [max, setMax] = useState(shown(start[1]));
  const id = useId();
  // The URL or 'clear all' may change the range from outside.
  useEffect(() => {
    setMin(shown(start[0]));
    setMax(shown(start[1]));
  }, [start]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    refine([parsed(min), parsed(max)]);
  };
  return (
    <form className="search-range" onSubmit={submit}>
      <fieldset className="search-facet">
        <legend className="search-facet__title">{title}</legend>
        <div className="search-range__fields">
          <label className="search-range__field" htmlFor={`${id}-min`}>
            <span>{t("filters.min")}</span>
            <input id={`${id}-min`} className="input search-field" type="number" inputMode="numeric" min={0} value={min} onChange={(e) => setMin(e.target.value)} />
          </label>
          <label className="search-range__field" htmlFor={`${id}-max`}>
            <span>{t("filters.max")}</span>
            <input id={`${id}-max`} className="input search-field" type="number" inputMode="numeric" min={0} value={max} onChange={(e) => setMax(e.target.value)} />
          </label>
          <button type="submit" className="search-range__apply">
            {t("filters.apply")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
