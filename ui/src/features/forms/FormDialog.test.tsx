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

  it("shows the intro and the loading status at once, then the picked form after its notice", async () => {
    state.fail = false;
    render(
      <FormDialog
        form={(table) => ({ form: { form: table.formNames.includes("contact-me") ? "contact-me" : "offer", fixed: { property: 1 } }, notice: <p>Notice</p> })}
        onClose={() => undefined}
        title="Vraag"
        labels={labels}
      >
        <p>Intro</p>
      </FormDialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "Vraag" });
    expect(within(dialog).getByText("Intro")).toBeTruthy();
    expect(within(dialog).getByRole("status").textContent).toBe(labels.loading);
    const form = await within(dialog).findByRole("form", { name: "lead form" });
    const notice = within(dialog).getByText("Notice");
    expect(within(dialog).getByText("Intro").compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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
          <FormDialog form={() => ({ form: { form: "offer" } })} onClose={() => undefined} title="Bod" labels={labels} />
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

  it("says it failed when no form of the table answers", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      render(<FormDialog form={() => null} onClose={() => undefined} title="Bod" labels={labels} />);
      expect((await screen.findByRole("alert")).textContent).toBe(labels.failed);
    } finally {
      quiet.mockRestore();
    }
  });
});
