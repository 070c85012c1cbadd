// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { propertyNl } from "../__fixtures__/pages";
import { site } from "../__fixtures__/site";
import { barShown, contactPhone, isFormField } from "./phoneBar";

describe("barShown", () => {
  const reading = { measured: true, requestsInView: false, modalOpen: false, fieldFocused: false };
  it("shows from the first screen on, while the page's own buttons are off screen and nothing is typed or open", () => {
    expect(barShown(reading)).toBe(true);
  });
  it.each([
    ["until the browser has measured the page", { measured: false }],
    ["beside the page's own request buttons", { requestsInView: true }],
    ["while a dialog or the cookie choices are open", { modalOpen: true }],
    ["while a form field has focus", { fieldFocused: true }],
  ])("hides %s", (_name, change) => {
    expect(barShown({ ...reading, ...change })).toBe(false);
  });
});

describe("isFormField", () => {
  const make = (html: string) => {
    document.body.innerHTML = html;
    return document.body.firstElementChild;
  };
  it.each([
    ['<input type="text">', true],
    ['<input type="email">', true],
    ["<textarea></textarea>", true],
    ["<select></select>", true],
    ['<input type="checkbox">', false],
    ['<input type="submit">', false],
    ["<button>Ask</button>", false],
    ["<a href='#'>x</a>", false],
  ])("%s → %s", (html, want) => {
    expect(isFormField(make(html))).toBe(want);
  });
  it("is false for no element", () => {
    expect(isFormField(null)).toBe(false);
  });
});

describe("contactPhone", () => {
  const agency = site.agency;
  it("is the agent's when the platform names one", () => {
    expect(contactPhone({ name: "A", phone: "0475 12 34 56", phoneHref: "tel:+32475123456", email: "", photo: "" }, agency)).toEqual({
      text: "0475 12 34 56",
      href: "tel:+32475123456",
    });
  });
  it("is the agency's otherwise", () => {
    expect(contactPhone(null, agency)).toEqual({ text: agency.phone, href: agency.phoneHref });
  });
  it("makes a tel: link from the text when the link is missing", () => {
    expect(contactPhone({ ...propertyNl.property!.agent!, phone: "061 23 45 67", phoneHref: "" }, agency).href).toBe("tel:061234567");
  });
});
