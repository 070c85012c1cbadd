import { render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { AppFailure } from "./App";
import { testI18n } from "./app/testing";

describe("AppFailure", () => {
  it("shows the API error state, never a blank page, when the site cannot start", async () => {
    render(
      <I18nextProvider i18n={testI18n("fr")}>
        <AppFailure />
      </I18nextProvider>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Erreur de l'API");
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Erreur de l'API"));
  });
});
