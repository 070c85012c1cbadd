import { useTranslation } from "react-i18next";
import type { ListView } from "../../lib/search/useViewParam";

/** List or map: two toggle buttons (aria-pressed). */
export function ViewToggle({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const { t } = useTranslation("search");
  return (
    <div className="search-view" role="group" aria-label={t("view.label")}>
      {(["list", "map"] as const).map((v) => (
        <button key={v} type="button" className="search-view__button" aria-pressed={view === v} onClick={() => onChange(v)}>
          {t(`view.${v}`)}
        </button>
      ))}
    </div>
  );
}
