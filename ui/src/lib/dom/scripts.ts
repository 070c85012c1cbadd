/** Adds `<script async src>` to the head unless a script with that address is already there; true when added. */
export function injectScript(src: string): boolean {
  if (hasScript((s) => s === src)) return false;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
  return true;
}

export function hasScript(match: (src: string) => boolean): boolean {
  return Array.from(document.scripts).some((s) => match(s.getAttribute("src") ?? ""));
}
