/** The i18n key of each filtered attribute's title (search.json, filters.*). */
export const attributeTitles: Record<string, string> = {
  typeId: "filters.type",
  city: "filters.city",
  price: "filters.price",
  bedrooms: "filters.bedrooms",
  bathrooms: "filters.bathrooms",
  surfaceLiving: "filters.living",
  surfaceGround: "filters.ground",
  epcLabel: "filters.epc",
  features: "filters.features",
};
