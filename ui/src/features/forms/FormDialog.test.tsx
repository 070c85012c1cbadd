import { render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { LeadFormProps } from "./LeadForm";
import { FormDialog } from "./FormDialog";
import { installDialogPolyfill } from "../../lib/dialog/testSupport";

const state = vi.hoisted(() => ({ fail: false, shown: [] as unknown[] }));

vi.mock("./index", () => ({
  LeadForm: (props: LeadFormProps) => {
    if (state.fail) throw new Error("chunk failed");
    state.shown.push(props);
    return <form aria-label="lead form" />;
  },
}));

beforeAll(installDialogPolyfill);

const labels = { close: "Sluiten", loading: "Het formulier wordt geladen…", failed: "Het formulier kon niet worden geladen." };

describe("FormDialog", () => {
  it("stays closed without a form", () => {
    render(<FormDialog form={null} onClose={() => undefined} title="Vraag" labels={labels} />);
    expect(document.querySelector("dialog")!.open).toBe(false);
  });

  it("shows the loading status, then the form with the given props after the intro", async () => {
    state.fail = false;
    render(
      <FormDialog form={{ form: "contact-me", fixed: { property: 1 } }} onClose={() => undefined} title="Vraag" labels={labels}>
        <p>Intro</p>
      </FormDialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "Vraag" });
    expect(within(dialog).getByRole("status").textContent).toBe(labels.loading);
    const form = await within(dialog).findByRole("form", { name: "lead form" });
    expect(within(dialog).getByText("Intro").compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(state.shown.at(-1)).toEqual({ form: "contact-me", fixed: { property: 1 } });
    expect(within(dialog).queryByRole("status")).toBeNull();
  });

  it("says so in the dialog when the form cannot be loaded, and the page stays", async () => {
    state.fail = true;
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      render(
        <main>
          <h1>Page</h1>
          <FormDialog form={{ form: "offer" }} onClose={() => undefined} title="Bod" labels={labels} />
        </main>,
      );
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe(labels.failed);
      expect(screen.getByRole("heading", { level: 1, name: "Page" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Sluiten" })).toBeTruthy();
    } finally {
      quiet.mockRestore();
      state.fail = false;
    }
  });
});
