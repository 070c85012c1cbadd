import type { PageContent } from "../../lib/api/types";
import "../article/prose.css";
import "./content.css";

/** A page's plain-text intro and its server-rendered body (safe HTML from Markdown). */
export function ContentBody({ content }: { content: PageContent | null }) {
  if (!content) return null;
  return (
    <>
      {content.intro && <p className="content-body__intro">{content.intro}</p>}
      {content.html && <div className="prose" dangerouslySetInnerHTML={{ __html: content.html }} />}
    </>
  );
}
