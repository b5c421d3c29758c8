// `npm test`: everything CI checks, in two lanes that share the machine's cores. Each lane runs its steps
// one after another; the lanes run side by side. A step's output is printed in one piece when it ends
// (so the lanes' logs do not interleave), followed by its duration; the run ends with every step's
// duration and fails when any step failed. `npm test -- <step>…` runs only the named steps.
//   lane 1: e2e (the built server driven by Chromium), then unit-rest (the Vitest projects without a
//           database: contracts, domain, server-pure, web, sim), then format (Prettier)
//   lane 2: static (the type check and the type-aware lint in one process sharing the type checker —
//           scripts/typecheck-lint.mjs), then unit-server (the server's API and service suites)
// The machine's two cores are busy throughout either way (docs/testing.md "Where CI's time goes"); the
// steps are split so that the two lanes take about as long (CI: e2e 390–476 s, static 225 s, the unit
// projects 343–432 s of which the server's are most).
import { spawn } from 'node:child_process';

const STEPS = {
  check: ['npm', ['run', '--silent', 'check']],
  static: ['npm', ['run', '--silent', 'typecheck-lint']],
  format: ['npm', ['run', '--silent', 'format:check']],
  lint: ['sh', ['-c', 'npm run --silent lint && npm run --silent format:check']],
  typecheck: ['npm', ['run', '--silent', 'typecheck']],
  unit: ['npm', ['run', '--silent', 'test:unit']],
  // The chaos suite runs beside the server's suites: it mostly waits for processes to die and recover.
  'unit-server': ['npx', ['vitest', 'run', '--project', 'server', '--project', 'chaos']],
  'unit-rest': ['npm', ['run', '--silent', 'test:pure']],
  e2e: ['npm', ['run', '--silent', 'test:e2e']],
};
const LANES = [
  ['e2e', 'unit-rest', 'format'],
  ['static', 'unit-server'],
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
