// `npm test`: everything CI checks, in two lanes that share the machine's cores. Each lane runs its steps
// one after another; the lanes run side by side. A step's output is printed in one piece when it ends
// (so the lanes' logs do not interleave), followed by its duration; the run ends with every step's
// duration and fails when any step failed. `npm test -- <step>…` runs only the named steps.
//   lane 1: lint (ESLint, Prettier), then e2e (the built server driven by Chromium)
//   lane 2: unit (every Vitest project but e2e), then typecheck
// The e2e suite is the longest step, so the type check waits behind the unit tests rather than in front of
// it (CI on 2 cores: check 193 s → e2e 391 s beside unit 503 s before, Step 5a).
import { spawn } from 'node:child_process';

const STEPS = {
  check: ['npm', ['run', '--silent', 'check']],
  lint: ['sh', ['-c', 'npm run --silent lint && npm run --silent format:check']],
  typecheck: ['npm', ['run', '--silent', 'typecheck']],
  unit: ['npm', ['run', '--silent', 'test:unit']],
  e2e: ['npm', ['run', '--silent', 'test:e2e']],
};
const LANES = [
  ['lint', 'e2e'],
  ['unit', 'typecheck'],
];

const only = process.argv.slice(2);
for (const name of only) {
  if (!(name in STEPS)) {
    console.error(`unknown step ${name} (steps: ${Object.keys(STEPS).join(', ')})`);
    process.exit(64);
  }
}
// Named steps keep their lane order where they have one; a step outside the lanes (`check`) runs alone.
const lanes = [
  ...LANES.map((steps) => steps.filter((s) => only.length === 0 || only.includes(s))),
  ...only.filter((name) => !LANES.flat().includes(name)).map((name) => [name]),
].filter((steps) => steps.length > 0);

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const results = [];
const started = Date.now();

function run(name) {
  const [command, args] = STEPS[name];
  const t0 = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('close', (code) => {
      const ms = Date.now() - t0;
      process.stdout.write(`\n== ${name}\n${Buffer.concat(chunks).toString()}`);
      console.log(`== ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds(ms)}`);
      results.push({ name, ok: code === 0, ms });
      resolve(code === 0);
    });
  });
}

await Promise.all(
  lanes.map(async (steps) => {
    // A later step of a lane still runs when an earlier one failed: CI reports every failure at once.
    for (const name of steps) await run(name);
  }),
);
console.log('\n== durations');
for (const lane of lanes) {
  const line = lane.map((n) => results.find((r) => r.name === n)).map((r) => `${r.name} ${seconds(r.ms)}`);
  console.log(`lane: ${line.join(' → ')}`);
}
console.log(`total (lanes side by side): ${seconds(Date.now() - started)}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
