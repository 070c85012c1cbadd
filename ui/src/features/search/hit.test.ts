import { describe, expect, it } from "vitest";
import { badgeFor } from "./hit";

describe("badgeFor", () => {
  it.each([
    [{ goal: "sale", status: "available", marquee: 1 }, "new"],
    [{ goal: "sale", status: "available", marquee: 10 }, "priceDrop"],
    [{ goal: "sale", status: "available", marquee: 0 }, null],
    [{ goal: "sale", status: "available" }, null],
    [{ goal: "sale", status: "sold", marquee: 0 }, "sold"],
    [{ goal: "sale", status: "available", marquee: 2 }, "sold"],
    [{ goal: "rent", status: "rented", marquee: 2 }, "rented"],
    [{ goal: "rent", status: "available", marquee: 2 }, "rented"],
    [{ goal: "sale", status: "option", marquee: 1 }, "option"],
  ] as const)("%o → %s", (hit, want) => {
    expect(badgeFor(hit)).toBe(want);
  });

  it("shows nothing for an ignored code", () => {
    expect(badgeFor({ goal: "sale", status: "available", marquee: 1 }, [1])).toBeNull();
    expect(badgeFor({ goal: "sale", status: "sold", marquee: 1 }, [2])).toBeNull();
    expect(badgeFor({ goal: "sale", status: "sold", marquee: 1 }, [1])).toBe("sold");
  });
});
