// The EPC grades as the server derives them (listing/epc.go): a letter from
// a (best) to i, perhaps with "_plusplus", "_plus" or "_sub" (Brussels' and
// Wallonia's A++, A+ and the minus grades).
const grade = /^([a-i])(?:_(plusplus|plus|sub))?$/;
// How each suffix prints and colours, in the scale's order within a letter: A++ before A+ before A before A-.
const suffixes = {
  plusplus: { text: "++", colour: "pp" },
  plus: { text: "+", colour: "p" },
  "": { text: "", colour: "" },
  sub: { text: "-", colour: "" },
} as const;
type Suffix = keyof typeof suffixes;
const suffixOrder = Object.keys(suffixes);

function parse(label: string): { letter: string; suffix: Suffix } | null {
  const m = grade.exec(label.toLowerCase());
  return m?.[1] ? { letter: m[1], suffix: (m[2] ?? "") as Suffix } : null;
}

/** How a certificate prints the grade: "a_plusplus" → "A++", "e_sub" → "E-"; anything else upper-cased as it is. */
export function epcText(label: string): string {
  const g = parse(label);
  return g ? g.letter.toUpperCase() + suffixes[g.suffix].text : label.toUpperCase();
}

/** The CSS modifier of a grade's colour: the letter, with a p per plus of A (a minus grade has its letter's colour). */
export function epcClass(label: string): string {
  const g = parse(label);
  if (!g) return "";
  // Only A's plus grades have colours of their own; Brussels' B+ … F+ take their letter's.
  return g.letter === "a" ? g.letter + suffixes[g.suffix].colour : g.letter;
}

/** Orders grades best first (A++ … G, H, I); what is no grade comes last, by name. */
export function compareEpc(a: string, b: string): number {
  const rank = (label: string) => {
    const g = parse(label);
    return g ? (g.letter.charCodeAt(0) - 97) * suffixOrder.length + suffixOrder.indexOf(g.suffix) : Number.MAX_SAFE_INTEGER;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
