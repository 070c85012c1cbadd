import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useLang, useRouteTable } from "../app/context";
import { resolveLink } from "../lib/routing/links";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "target" | "rel"> & {
  /** A config link: internal path of the route table, a public path, or an external address. */
  to: string;
  children: ReactNode;
};

/** Renders a config link by the spec's rule: external in a new tab (a phone number or mail address in its own program), internal through the router. */
export function SmartLink({ to, children, ...rest }: Props) {
  const lang = useLang();
  const table = useRouteTable();
  const { t } = useTranslation("common");
  const link = resolveLink(to, lang, table);
  if (link.external) {
    const newTab = link.newTab ? ({ target: "_blank", rel: "noopener noreferrer" } as const) : {};
    return (
      <a {...rest} href={link.href} {...newTab}>
        {children}
        {link.newTab && <span className="visually-hidden"> {t("a11y.newTab")}</span>}
      </a>
    );
  }
  return (
    <Link {...rest} to={link.to}>
      {children}
    </Link>
  );
}
