import type { Ref } from "react";

/* Outline icons on a 24 px grid, drawn with the current text colour. */
const paths: Record<string, string> = {
  phone:
    "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  pin: "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5",
  instagram:
    "M4 8a4 4 0 0 1 4-4h8a4 4 0 0 1 4 4v8a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4zM12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7M17 7h.01",
  linkedin: "M4 9h4v11H4zM6 6.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4M11 9h4v1.5a4 4 0 0 1 7 2.5V20h-4v-6a2 2 0 0 0-4 0v6h-3z",
  youtube:
    "M2.5 8.5a3 3 0 0 1 2.8-2.8C7.4 5.5 9.7 5.4 12 5.4s4.6.1 6.7.3a3 3 0 0 1 2.8 2.8 35 35 0 0 1 0 7 3 3 0 0 1-2.8 2.8c-2.1.2-4.4.3-6.7.3s-4.6-.1-6.7-.3a3 3 0 0 1-2.8-2.8 35 35 0 0 1 0-7zM10 9v6l5-3z",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  chevron: "M6 9l6 6 6-6",
  arrowUp: "M12 19V5M5 12l7-7 7 7",
  pause: "M8 5v14M16 5v14",
  play: "M7 4.5v15L19 12z",
  search: "M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zM16 16l5 5",
};

export function hasIcon(name: string): boolean {
  return Object.hasOwn(paths, name);
}

interface Props {
  name: string;
  size?: number;
  className?: string;
  ref?: Ref<SVGSVGElement>;
}

/** A decorative icon: hidden from assistive technology, so its control needs its own name. */
export function Icon({ name, size = 20, className, ref }: Props) {
  const d = paths[name];
  if (!d) return null;
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      ref={ref}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
