import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNumericMenu, type UseNumericMenuProps } from "react-instantsearch";

interface Props {
  /** The hook's parameters, from widgets.ts: the first item, labelled "any", clears the filter. */
  params: UseNumericMenuProps;
  title: string;
}

/** 'At least n' as a select: bedrooms, bathrooms. */
export function MinimumFilter({ params, title }: Props) {
  const { t } = useTranslation("search");
  const { items: options, refine } = useNumericMenu(params);
  const id = useId();
  const current = options.find((o) => o.isRefined)?.value ?? options[0]?.value ?? "";
  return (
    <div className="search-facet search-minimum">
      <label className="search-facet__title" htmlFor={id}>
        {title}
      </label>
      <select id={id} className="input search-field" value={current} onChange={(e) => refine(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label === "any" ? t("filters.any") : t("filters.atLeast", { number: Number(o.label) })}
          </option>
        ))}
      </select>
    </div>
  );
}
