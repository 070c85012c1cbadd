import type { ReactNode } from "react";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";
import { ContentBody } from "./ContentBody";
import "./content.css";

type Props = PageProps & {
  /** The page's class prefix (home-page, guestbook-page, …). */
  name: string;
  /** Shown right under the heading (a count, a status). */
  lead?: ReactNode;
};

/** The common frame of config-driven pages: heading, intro and body, then the modules. */
export function ContentPage({ site, page, name, lead }: Props) {
  return (
    <div className={`content-page container ${name}`}>
      <h1 className="content-page__title">{page.title}</h1>
      {lead}
      <ContentBody content={page.content} />
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
    </div>
  );
}
