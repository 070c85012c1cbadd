import { useMemo } from "react";
import type { TypeNode } from "../../lib/api/types";
import { PageForms } from "../../features/forms";
import { ContentBody } from "../content/ContentBody";
import { Modules } from "../modules/Modules";
import type { PageProps } from "../props";

/** The property types a search profile can name: each category, then its sub-types under its name. */
export function typeOptions(tree: TypeNode[]): { value: string; label: string }[] {
  return tree.flatMap((node) => [
    { value: String(node.id), label: node.name },
    ...node.children.map((child) => ({ value: String(child.id), label: `${node.name} – ${child.name}` })),
  ]);
}

/** 'Keep me informed': the text config gives the page, then the search profile form. */
export function DemandRegisterPage({ site, page }: PageProps) {
  const types = useMemo(() => typeOptions(page.typeTree ?? []), [page.typeTree]);
  return (
    <div className="content-page container demand-register-page">
      <h1 className="content-page__title">{page.title}</h1>
      <ContentBody content={page.content} />
      <PageForms view={page.view} typeOptions={types} />
      <Modules modules={page.content?.modules ?? []} page={page} site={site} />
    </div>
  );
}
