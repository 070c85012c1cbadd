// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { RequestKind } from "../../lib/api/account";
import { namespaces } from "../../lib/i18n";
import { accountTexts } from "./testing";

describe("account texts", () => {
  it("are a namespace the app loads", () => {
    expect(namespaces).toContain("account");
  });

  it("has the spec's English messages", () => {
    expect(accountTexts.en.login.failedHeading).toBe("Login failed");
    expect(accountTexts.en.login.failedDetail).toBe("The username or password are not correct.");
    expect(accountTexts.en.portal.notFound).toBe("Property Not Found");
    expect(accountTexts.en.portal.appointments.empty).toBe("No appointments yet");
    expect(accountTexts.en.portal.documents.empty).toBe("No documents");
    expect(accountTexts.en.forgotten.sent).toBe(
      "If an account exists for this address, we have sent it a link to choose a new password. The link is valid for 1 hour.",
    );
  });

  it("names every source, request kind and status the portal knows", () => {
    // The kinds of ownerreport/requests.go.
    const kinds: RequestKind[] = ["documents", "information", "offer", "other", "rent-application", "send-to-friend", "visit-booked", "visit-request"];
    for (const texts of Object.values(accountTexts)) {
      expect(Object.keys(texts.portal.sources.labels).sort()).toEqual(["direct", "facebook", "google", "immoweb", "newsletter", "other", "site", "zimmo"]);
      expect(Object.keys(texts.portal.history.kinds).sort()).toEqual(kinds);
      expect(Object.keys(texts.portal.history.statuses).sort()).toEqual(["delivered", "pending", "received"]);
      expect(Object.keys(texts.portal.status).sort()).toEqual(["available", "option", "rented", "sold", "withdrawn"]);
    }
  });
});
