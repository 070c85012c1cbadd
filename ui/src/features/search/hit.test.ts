import { describe, expect, it } from "vitest";
import { badgeFor } from "./hit";

describe("badgeFor", () => {
  it.each([
    [{ badge: "new" }, "new"],
    [{ badge: "priceDrop" }, "priceDrop"],
    [{ badge: "option" }, "option"],
    [{ badge: "sold" }, "sold"],
    [{ badge: "rented" }, "rented"],
    [{}, null],
  ] as const)("%o → %s", (hit, want) => {
    expect(badgeFor(hit)).toBe(want);
  });
});
