import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { OwnerProperty } from "../../lib/api/account";
import { LogoutButtons } from "../../features/account/LogoutButtons";
import { accountPath } from "../../features/account/paths";
import type { PageProps } from "../props";
import { AllProperties } from "./AllProperties";
import { Loading, LoadFailed } from "./LoadState";
import { PropertyStats } from "./PropertyStats";
import { useOwnerProperties } from "./useOwnerData";
import "../../features/account/account.css";
import "./owner-portal.css";

/** The property ?property= names, or null for all of them. */
export function selectedProperty(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  return Number(value);
}

/** The owner's properties: all with their visit counts, or one in detail. The choice lives in the address. */
export function OwnerPortalPage({ site, page }: PageProps) {
  const { t } = useTranslation("account");
  const lang = page.lang;
  const [params, setParams] = useSearchParams();
  const selected = selectedProperty(params.get("property"));
  const loginBase = accountPath(site, lang, "/login/");
  const { load, retry } = useOwnerProperties(lang, loginBase);
  const properties = load.status === "ok" ? load.data.properties : [];

  return (
    <div className="container owner-portal">
      <h1 className="owner-portal__title">{page.title || t("portal.title")}</h1>
      <div className="owner-portal__toolbar" role="group" aria-label={t("portal.toolbar")}>
        <PropertyPicker
          properties={properties}
          selected={selected}
          onChange={(id) => setParams(id === null ? {} : { property: String(id) })}
        />
        <LogoutButtons lang={lang} />
      </div>
      {selected !== null ? (
        <PropertyStats key={selected} id={selected} lang={lang} loginBase={loginBase} />
      ) : load.status === "loading" ? (
        <Loading />
      ) : load.status === "ok" ? (
        <AllProperties properties={properties} lang={lang} />
      ) : (
        <LoadFailed message={load.message} retry={retry} />
      )}
    </div>
  );
}

function PropertyPicker({
  properties,
  selected,
  onChange,
}: {
  properties: OwnerProperty[];
  selected: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation("account");
  const id = useId();
  const known = selected !== null && properties.some((p) => p.id === selected);
  return (
    <div className="owner-portal__picker">
      <label className="owner-portal__picker-label" htmlFor={id}>
        {t("portal.select")}
      </label>
      <select
        id={id}
        className="owner-portal__select"
        value={known ? String(selected) : "all"}
        onChange={(e) => onChange(selectedProperty(e.target.value))}
      >
        <option value="all">{t("portal.all")}</option>
        {properties.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {p.title}
          </option>
        ))}
      </select>
    </div>
  );
}
