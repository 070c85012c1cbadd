// Conformance of our captcha server with the altcha widget's own code, without a browser:
// fetches ${ESTATE_URL}/api/captcha, judges it with the widget's challenge checks, solves it
// with the widget's PBKDF2 worker (dist/workers/pbkdf2.js, run in worker_threads) driven by
// the package's solveChallengeWorkers, and prints the form value the widget would submit.
//
//   ESTATE_URL=http://localhost:8080 node ui/e2e/captcha.conformance.mjs
//
// stdout: the base64 payload only (for piping into a POST); stderr: what happened.
// Exit status 1 on any mismatch.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { solveChallengeWorkers } from "altcha/lib";

const baseURL = process.env.ESTATE_URL ?? "http://localhost:8080";
const workerFile = fileURLToPath(new URL("../node_modules/altcha/dist/workers/pbkdf2.js", import.meta.url));
// Algorithms the widget's main build registers by default (README, "Algorithms").
const bundled = ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512", "SHA-256", "SHA-384", "SHA-512"];

// The widget's tests, copied from fetchChallenge in dist/main/altcha.js: an object with a
// top-level "challenge" key is converted as the legacy v1 format; anything else must pass
// isChallengeValid.
const isChallengeV1 = (c) => typeof c === "object" && "challenge" in c;
const isChallengeValid = (c) =>
  !!c &&
  typeof c === "object" &&
  "parameters" in c &&
  !!c.parameters &&
  typeof c.parameters === "object" &&
  "algorithm" in c.parameters &&
  "nonce" in c.parameters &&
  "salt" in c.parameters &&
  "keyPrefix" in c.parameters;

// The worker file is a browser script using self.onmessage/self.postMessage; this gives
// it those under worker_threads and hands solveChallengeWorkers the EventTarget-style
// surface it expects from a Web Worker.
const shim = `
const { parentPort, workerData } = require("node:worker_threads");
globalThis.self = globalThis;
globalThis.postMessage = (data) => parentPort.postMessage(data);
parentPort.on("message", (data) => globalThis.onmessage?.({ data }));
require("node:vm").runInThisContext(require("node:fs").readFileSync(workerData, "utf8"));
`;
function createWorker() {
  const w = new Worker(shim, { eval: true, workerData: workerFile });
  return {
    addEventListener(type, fn) {
      w.on(type, type === "message" ? (data) => fn({ data }) : fn);
    },
    postMessage: (data) => w.postMessage(data),
    terminate: () => w.terminate(),
  };
}

readFileSync(workerFile); // fail early and clearly if the package layout changed

const res = await fetch(`${baseURL}/api/captcha`);
assert.equal(res.status, 200, `GET /api/captcha: status ${res.status}`);
assert.match(res.headers.get("content-type") ?? "", /json/, "GET /api/captcha: not JSON");
const challenge = await res.json();
console.error("challenge", JSON.stringify(challenge));

assert.ok(!isChallengeV1(challenge), "the widget would treat this as a legacy v1 challenge");
assert.ok(isChallengeValid(challenge), "the widget would reject this challenge");
const p = challenge.parameters;
assert.ok(bundled.includes(p.algorithm), `algorithm ${p.algorithm} is not bundled with the widget`);
assert.equal(typeof challenge.signature, "string", "challenge is not signed");
assert.equal(typeof p.expiresAt, "number", "challenge has no expiresAt");
assert.ok(p.expiresAt * 1000 > Date.now(), "challenge already expired");

const concurrency = Math.min(4, availableParallelism());
const start = performance.now();
const solution = await solveChallengeWorkers({
  challenge,
  concurrency,
  createWorker,
  counterMode: "uint32", // what the widget uses for every non-v1 challenge
  timeout: 90_000,
});
const took = Math.round(performance.now() - start);
assert.ok(solution, "no solution within the widget's 90 s timeout");
assert.ok(solution.derivedKey.startsWith(p.keyPrefix), "solution does not match keyPrefix");
console.error(`solved: counter ${solution.counter} in ${took} ms with ${concurrency} workers`);

// The widget's payload, as built in verify() of dist/main/altcha.js.
const payload = btoa(
  JSON.stringify({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  }),
);
console.log(payload);
