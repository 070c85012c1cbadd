import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ProjectDetail } from "../../lib/api/types";
import { PhotoGallery } from "../../features/gallery/PhotoGallery";

/** The project's photos: the shared gallery (first photo large, the rest opening the lightbox). */
export function ProjectMedia({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation("projects");
  const headingId = useId();
  return (
    <section className="project-media" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t("media.photos", { name: project.name })}
      </h2>
      <PhotoGallery photos={project.photos} title={project.name} />
    </section>
  );
}
