// A second `estate serve` of a test's own, for what the shared server of
// scripts/with-server.sh must not see: mail to a test SMTP server, or a
// platform dataset the test edits and syncs. Fresh storage, a free loopback
// port; the CLI reaches it through the admin socket in its storage.
import { execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = process.env.ESTATE_BIN ?? join(root, "bin/estate");

/** A TCP port free on loopback now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A copy of the demo agency's platform dataset (testdata/platform) in a
 * temporary folder, for a test to edit; removed with the server.
 */
export function copyDemoDataset() {
  const dir = mkdtempSync(join(tmpdir(), "estate-platform-"));
  cpSync(join(root, "testdata/platform"), dir, { recursive: true });
  return dir;
}

/**
 * Starts `estate serve` with the demo data (or sourceDir) and the extra
 * environment, and waits until it is ready.
 */
export async function startEstate({ env = {}, sourceDir } = {}) {
  const port = await freePort();
  const storage = mkdtempSync(join(tmpdir(), "estate-own-"));
  const base = `http://localhost:${port}`;
  const fullEnv = {
    ...process.env,
    ESTATE_STORAGE_DIR: storage,
    ESTATE_SERVER_ADDR: `127.0.0.1:${port}`,
    ESTATE_SERVER_BASE_URL: base,
    ESTATE_SOURCE_DIR: sourceDir ?? join(root, "testdata/platform"),
    ESTATE_LOG_LEVEL: "warn",
    ...env,
  };
  const child = spawn(bin, ["serve"], { cwd: root, env: fullEnv, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`estate serve did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    /** Runs an estate command against this server (sync, status, …); resolves with its stdout. */
    async run(...args) {
      const { stdout } = await promisify(execFile)(bin, args, { cwd: root, env: fullEnv });
      return stdout;
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
      rmSync(storage, { recursive: true, force: true });
      if (sourceDir) rmSync(sourceDir, { recursive: true, force: true });
    },
  };
}
