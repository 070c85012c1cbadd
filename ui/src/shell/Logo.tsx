import { Link } from "react-router";
import { useLang, useRouteTable, useSite } from "../app/context";
import { pickText } from "../lib/content/text";
import "./Logo.css";

interface Props {
  compact: boolean;
  /** Hidden on home until the visitor scrolls (header setting); visibility keeps its space so nothing moves. */
  hidden: boolean;
}

export function Logo({ compact, hidden }: Props) {
  const { agency } = useSite();
  const lang = useLang();
  const home = useRouteTable().localize("/", lang) ?? `/${lang}/`;
  const alt = pickText(agency.logo.alt, lang) || agency.name;
  const cls = ["logo", compact && "logo--compact", hidden && "logo--hidden"].filter(Boolean).join(" ");
  return (
    <Link to={home} className={cls}>
      {agency.logo.src ? (
        <img
          className="logo__image"
          src={agency.logo.src}
          width={agency.logo.width}
          height={agency.logo.height}
          alt={alt}
          decoding="async"
        />
      ) : (
        <span className="logo__name">{agency.name}</span>
      )}
    </Link>
  );
}
