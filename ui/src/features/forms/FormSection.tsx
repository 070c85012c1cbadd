import { useId, type ReactNode } from "react";
import "./FormSection.css";

interface Props {
  title: string;
  text?: string;
  className?: string;
  children: ReactNode;
}

/** A form's block on a page: a titled region, so the form is a landmark screen readers can jump to. */
export function FormSection({ title, text, className = "", children }: Props) {
  const id = useId();
  return (
    <section className={`form-section ${className}`.trim()} aria-labelledby={id}>
      <h2 id={id} className="form-section__title">
        {title}
      </h2>
      {text && <p className="form-section__text">{text}</p>}
      {children}
    </section>
  );
}
