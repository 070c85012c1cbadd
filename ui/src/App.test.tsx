import { act, render, screen, waitFor } from "@testing-library/react";
import { useContext } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider, useNavigate, type NavigateFunction } from "react-router";
import { describe, expect, it } from "vitest";
import { AppFailure, FirstPageResults } from "./App";
import { testI18n } from "./app/testing";
import { InitialResultsContext, type InitialResults } from "./features/search/initialResults";

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

describe("FirstPageResults", () => {
  it("gives the server's first results to the first page only, not after a navigation nor back on it", async () => {
    const results = { properties_nl: { state: {}, results: [] } } as unknown as InitialResults;
    let navigate: NavigateFunction = () => undefined;
    function Probe() {
      navigate = useNavigate();
      return <p>{useContext(InitialResultsContext) ? "initial" : "none"}</p>;
    }
    const router = createMemoryRouter(
      [
        {
          path: "*",
          element: (
            <FirstPageResults search={results}>
              <Probe />
            </FirstPageResults>
          ),
        },
      ],
      { initialEntries: ["/nl/te-koop/"] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText("initial")).toBeTruthy();
    await act(() => navigate("/nl/te-huur/"));
    expect(screen.getByText("none")).toBeTruthy();
    await act(() => navigate(-1));
    expect(router.state.location.pathname).toBe("/nl/te-koop/");
    expect(screen.getByText("none")).toBeTruthy();
  });
});
