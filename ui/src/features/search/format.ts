import type { TFunction } from "i18next";
import { epcText } from "./epc";

/** A facet value as visitors read it: a translated feature, "A+" for an EPC label, else the value itself. */
export function facetValueText(t: TFunction<"search">, attribute: string, value: string): string {
  if (attribute === "features") return t(`features.${value}`, { defaultValue: value });
  if (attribute === "epcLabel") return epcText(value);
  return value;
}

/** 'page X of Y [N objects]' (pages count from 1; a list without results still reads page 1 of 1). */
export function paginationText(t: TFunction<"search">, page: number, pages: number, count: number): string {
  return t("pagination.status", { page, pages: Math.max(pages, 1), objects: t("pagination.objects", { count }) });
}
