import type { ReactNode } from "react";

/** A wide table scrolls on its own on a phone; the region can take the focus so the keyboard scrolls it too. */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="owner-portal__scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
