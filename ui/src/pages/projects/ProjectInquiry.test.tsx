import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { installDialogPolyfill } from "../../lib/dialog/testSupport";
import { shownLeadForms } from "../../features/forms/stubLeadForm";
import { site } from "../__fixtures__/site";
import { detailFr, detailNl } from "./__fixtures__";
import { ProjectPage } from "./ProjectPage";
import { renderProjects } from "./testing";

vi.mock("../../features/forms", async () => ({ LeadForm: (await import("../../features/forms/stubLeadForm")).StubLeadForm }));

beforeAll(installDialogPolyfill);

describe("asking about a project", () => {
  it.each([
    ["nl", detailNl, "Vraag info over dit project", "Sluiten", "Meer informatie"],
    ["fr", detailFr, "Se renseigner sur ce projet", "Fermer", "Plus d'informations"],
  ])("%s: the contact section opens contact-construction for this project, by keyboard, and Escape returns", async (lang, page, ask, close, section) => {
    const user = userEvent.setup();
    renderProjects(<ProjectPage site={site} page={page} />, lang, page.path);
    const contact = screen.getByRole("region", { name: section });
    const button = within(contact).getByRole("button", { name: ask });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    button.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: ask });
    await within(dialog).findByRole("form");
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByText(page.project!.name)).toBeTruthy();
    expect(shownLeadForms.at(-1)).toEqual({ form: "contact-construction", fixed: { project: page.project!.id } });
    expect(within(dialog).getByRole("button", { name: close })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect((document.querySelector("dialog") as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(button);
  });
});
