import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { Dialog } from "./Dialog";
import { installDialogPolyfill } from "./testSupport";

beforeAll(installDialogPolyfill);

function Opener({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ask
      </button>
      <Dialog
        open={open}
        title="Request information"
        closeLabel="Close"
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      >
        <label>
          Name <input name="name" />
        </label>
      </Dialog>
    </>
  );
}

const dialog = () => document.querySelector("dialog")!;

describe("Dialog", () => {
  it("is closed and empty until opened", () => {
    render(<Opener />);
    expect(dialog().open).toBe(false);
    expect(dialog().textContent).toBe("");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens as a modal named by its heading, with the focus inside", async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole("button", { name: "Ask" }));
    const shown = screen.getByRole<HTMLDialogElement>("dialog", { name: "Request information" });
    expect(shown.open).toBe(true);
    expect(screen.getByRole("heading", { level: 2, name: "Request information" }).id).toBe(shown.getAttribute("aria-labelledby"));
    expect(shown.contains(document.activeElement)).toBe(true);
    expect(screen.getByLabelText("Name")).toBeTruthy();
  });

  it("closes with its close button and gives the focus back to the opener", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const opener = screen.getByRole("button", { name: "Ask" });
    await user.click(opener);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog().open).toBe(false);
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
    expect(dialog().textContent).toBe("");
  });

  it("closes with Escape, from the keyboard alone, and the content starts fresh next time", async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole("button", { name: "Ask" });
    opener.focus();
    await user.keyboard("{Enter}");
    await user.type(screen.getByLabelText("Name"), "An");
    await user.keyboard("{Escape}");
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(opener);
    await user.keyboard("{Enter}");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("closes when its owner says so", () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Dialog open title="T" closeLabel="Close" onClose={onClose}>
        x
      </Dialog>,
    );
    expect(dialog().open).toBe(true);
    rerender(
      <Dialog open={false} title="T" closeLabel="Close" onClose={onClose}>
        x
      </Dialog>,
    );
    expect(dialog().open).toBe(false);
  });

  it("is hidden on paper and fits a phone", () => {
    // Vitest hands CSS imports over empty; the file itself is what the browser gets.
    const css = readFileSync(`${process.cwd()}/src/lib/dialog/Dialog.css`, "utf8");
    expect(css).toMatch(/@media print\s*{\s*\.dialog,/);
    expect(css).toMatch(/@media \(max-width: 766\.98px\)\s*{\s*\.dialog\s*{[^}]*width: 100%/);
  });
});
