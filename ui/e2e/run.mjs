// Runs the browser tests (node --test with the given arguments) against one
// Chromium for the whole suite: each test file connects to it (support.mjs
// launch) instead of launching its own, which costs seconds of CPU a file
// on this 2-core machine and changes nothing a test checks.
import { spawn } from "node:child_process";
import { chromium } from "playwright-core";
import { launchOptions } from "./support.mjs";

const server = await chromium.launchServer(launchOptions);
const child = spawn(process.execPath, ["--test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, ESTATE_BROWSER_WS: server.wsEndpoint() },
});
const code = await new Promise((resolve) => child.on("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0))));
await server.close();
process.exit(code);
