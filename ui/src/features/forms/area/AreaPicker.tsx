import { Suspense, lazy, useContext, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../../../app/ErrorBoundary";
import { SiteContext } from "../../../app/context";
import { useRegion } from "../../../lib/map/region";
import { placesInArea, type AreaPoint } from "./geometry";
import "../../../lib/map/map-surface.css";
import "./AreaPicker.css";

// Leaflet, geoman and their CSS come with this chunk only, once the person opens the map.
const AreaMapCanvas = lazy(() => import("./AreaMapCanvas"));

export interface AreaPickerProps {
  /** Base of the ids of the picker's elements. */
  id: string;
  /** What the picker is for, e.g. "Search area on the map". */
  label: string;
  value: AreaPoint[];
  onChange: (value: AreaPoint[]) => void;
  /** Ids of the help and error texts of the field. */
  describedBy?: string;
  invalid?: boolean;
}

/**
 * Draws one polygon on a map. The map is a pointer tool: the status, the
 * open and clear buttons work without it, and the postcodes next to it are
 * the keyboard way to name a region.
 */
export function AreaPicker({ id, label, value, onChange, describedBy, invalid }: AreaPickerProps) {
  const { t, i18n } = useTranslation("forms");
  const { t: tMap } = useTranslation("map");
  const site = useContext(SiteContext);
  const [open, setOpen] = useState(false);
  // The agency's towns, once the picker is used: where the map opens, and what a drawn area should hold.
  const region = useRegion(i18n.language, open || value.length > 0);
  const strayArea = region !== null && region.towns.length > 0 && value.length >= 3 && placesInArea(value, region.towns).length === 0;
  const toggle = useRef<HTMLButtonElement>(null);
  const ids = { label: `${id}-label`, status: `${id}-status`, warning: `${id}-warning`, frame: `${id}-map`, instructions: useId() };
  const count = value.length;
  const clear = () => {
    onChange([]);
    // The clear button goes away with the area: the focus stays on the picker.
    toggle.current?.focus();
  };
  return (
    <div
      className={`area-picker${invalid ? " area-picker--invalid" : ""}`}
      role="group"
      aria-labelledby={ids.label}
      aria-describedby={[ids.status, strayArea ? ids.warning : "", describedBy].filter(Boolean).join(" ")}
    >
      <p id={ids.label} className="area-picker__label">
        {label}
      </p>
      <p id={ids.status} className="area-picker__status" aria-live="polite">
        {count > 0 ? t("area.status", { count }) : t("area.none")}
      </p>
      {strayArea ? (
        // Said before the form is sent, where the area is: the search would find nothing there.
        <p id={ids.warning} className="area-picker__warning" role="alert">
          {tMap("area.noTowns")}
        </p>
      ) : null}
      <div className="area-picker__actions">
        <button
          ref={toggle}
          type="button"
          id={`${id}-toggle`}
          className="area-picker__button"
          aria-expanded={open}
          aria-controls={ids.frame}
          aria-invalid={invalid || undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t("area.close") : t("area.open")}
        </button>
        {count > 0 && (
          <button type="button" className="area-picker__button area-picker__button--clear" onClick={clear}>
            {t("area.clear")}
          </button>
        )}
      </div>
      <div id={ids.frame} className="area-picker__panel" hidden={!open}>
        {open && (
          <>
            <p id={ids.instructions} className="area-picker__instructions">
              {t("area.instructions")}
            </p>
            <div className="area-picker__frame map-surface" role="region" aria-label={t("area.region")} aria-describedby={ids.instructions}>
              <ErrorBoundary fallback={() => <p className="area-picker__message">{t("area.error")}</p>}>
                <Suspense fallback={<p className="area-picker__message">{t("area.loading")}</p>}>
                  <AreaMapCanvas
                    value={value}
                    onChange={onChange}
                    tileUrl={site?.map.tileUrl ?? ""}
                    attribution={site?.map.attribution ?? ""}
                    region={region?.bounds ?? null}
                  />
                </Suspense>
              </ErrorBoundary>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
