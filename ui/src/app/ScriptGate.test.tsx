import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { testI18n } from "./testing";
import { ScriptGate } from "./ScriptGate";

// hydrateRoot is called inside act, as React expects of a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Form() {
  return (
    <form>
      <ScriptGate>
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" />
        <button type="submit">Send</button>
      </ScriptGate>
    </form>
  );
}

describe("ScriptGate", () => {
  it("sends a form's fields disabled, with a note for browsers without JavaScript", () => {
    const i18n = testI18n("nl");
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <Form />
      </I18nextProvider>,
    );
    expect(html).toMatch(/<fieldset class="script-gate" disabled="">/);
    expect(html).toContain("<noscript>");
    expect(html).toContain(i18n.t("common:needsScript"));
  });

  it("opens the fields once the browser has hydrated them", async () => {
    const i18n = testI18n("fr");
    const tree = (
      <I18nextProvider i18n={i18n}>
        <Form />
      </I18nextProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector("fieldset")!.disabled).toBe(false);
    expect(container.querySelector("input")!.matches(":disabled")).toBe(false);
    container.remove();
  });
});
