// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { MissingLocale } from "../../lib/i18n/backend";
import { withValidation } from "../../lib/i18n/index";
import { messages } from "./spec";

describe("the validation namespace", () => {
  it("reads leads/forms.json's messages, other namespaces from the locale files", async () => {
    const files = vi.fn(async () => ({ from: "file" }));
    const load = withValidation(files);
    expect(await load("fr", "validation")).toEqual(messages.fr);
    expect(files).not.toHaveBeenCalled();
    expect(await load("fr", "forms")).toEqual({ from: "file" });
    expect(files).toHaveBeenCalledWith("fr", "forms");
  });

  it("has no texts for a language the spec lacks, and says retrying cannot help", async () => {
    await expect(withValidation(async () => ({}))("es", "validation")).rejects.toBeInstanceOf(MissingLocale);
  });
});
