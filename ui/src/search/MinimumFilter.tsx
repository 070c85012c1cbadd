import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNumericMenu } from "react-instantsearch";

interface Props {
  attribute: string;
  title: string;
}

const minimums = [1, 2, 3, 4, 5];
const items = [{ label: "any" }, ...minimums.map((start) => ({ label: String(start), start }))];

/** 'At least n' as a select: bedrooms, bathrooms. */
export function MinimumFilter({ attribute, title }: Props) {
  const { t } = useTranslation("search");
  const { items: options, refine } = useNumericMenu({ attribute, items });
  const id = useId();
  const current = options.find((o) => o.isRefined)?.value ?? options[0]?.value ?? "";
  return (
    <div className="search-facet search-minimum">
      <label className="search-facet__title" htmlFor={id}>
        {title}
      </label>
      <select id={id} className="search-field" value={current} onChange={(e) => refine(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label === "any" ? t("filters.any") : t("filters.atLeast", { number: Number(o.label) })}
          </option>
        ))}
      </select>
    </div>
  );
}
