import type { Agency, Lang } from "../../lib/api/types";
import { pickText } from "../../lib/content/text";

/** Belgium: its addresses need no country line. */
const belgium = 10;

/**
 * The agency's address as display lines, by the rule the server uses for
 * listings (listing.FormatAddress): "street number/box", "zip city", and the
 * country only outside Belgium.
 */
export function addressLines(address: Agency["address"], lang: Lang): string[] {
  const join = (...parts: string[]) => parts.map((p) => p.trim()).filter(Boolean).join(" ");
  let number = address.number.trim();
  const box = address.box.trim().replace(/^[/\s]+/, "");
  if (number && box) number += `/${box}`;
  const lines = [join(address.street, number), join(address.zip, address.city)];
  if (address.countryId !== belgium) lines.push(pickText(address.countryName, lang).trim());
  return lines.filter(Boolean);
}

/** OpenStreetMap centred on the agency with a marker. */
export function openStreetMapUrl({ lat, lng }: Agency["geo"]): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}
