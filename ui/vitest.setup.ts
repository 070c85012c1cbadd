import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";

afterEach(() => {
  cleanup();
  // The server render's tests run in node, which has no localStorage.
  globalThis.localStorage?.clear();
});
