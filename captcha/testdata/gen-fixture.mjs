// Records what the altcha package itself produces, so the Go tests compare against the
// widget's own code rather than against our reading of it. Run from the repo root:
//   node captcha/testdata/gen-fixture.mjs
// It rewrites widget-challenge.json and widget-payload.txt next to this file.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	createChallenge,
	pbkdf2,
	solveChallenge,
	verifySolution
} from '../../ui/node_modules/altcha/dist/lib/index.js';

// The secrets are fixture data: widget_fixture_test.go uses the same two strings.
const hmacSignatureSecret = 'fixture signature secret';
const hmacKeySignatureSecret = 'fixture key signature secret';
// 2030-01-01T00:00:00Z, far enough ahead that the Go test can pin its clock before it.
const expiresAt = 1893456000;

const challenge = await createChallenge({
	algorithm: 'PBKDF2/SHA-256',
	cost: 5000,
	counter: 777,
	deriveKey: pbkdf2.deriveKey,
	expiresAt,
	hmacSignatureSecret,
	hmacKeySignatureSecret
});
const solution = await solveChallenge({ challenge, deriveKey: pbkdf2.deriveKey });
if (!solution) throw new Error('no solution');

const check = await verifySolution({
	challenge,
	deriveKey: pbkdf2.deriveKey,
	hmacSignatureSecret,
	hmacKeySignatureSecret,
	solution
});
if (check.expired || !check.verified) throw new Error(`altcha-lib rejects its own fixture: ${JSON.stringify(check)}`);

// Exactly the widget's payload construction (dist/main/altcha.js, verify()).
const payload = btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));

const here = dirname(fileURLToPath(import.meta.url));
writeFileSync(join(here, 'widget-challenge.json'), JSON.stringify(challenge, null, '\t') + '\n');
writeFileSync(join(here, 'widget-payload.txt'), payload + '\n');
console.log(JSON.stringify(challenge));
console.log(JSON.stringify(solution));
