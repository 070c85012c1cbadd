// Accessibility check for the UI's tests (imported by *.test.tsx only).
import axe from "axe-core";

// Structural rules only: jsdom has no layout for colour contrast, and the
// landmarks around a screen (main, header, footer) belong to the shell.
const structuralRules: axe.RunOptions = {
  rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  resultTypes: ["violations"],
};

/** The axe-core violations inside `container`, one "rule: offending html" line each, so a failing test names them. */
export async function structuralViolations(container: Element): Promise<string[]> {
  const result = await axe.run(container, structuralRules);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" ")}`);
}
