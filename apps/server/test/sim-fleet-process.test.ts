// The `sim` service for real: the simulator as a supervised child process (restart with back-off, stop
// with SIGTERM then SIGKILL). A bad SIM_FLEET stops the start with exit code 78 before anything is created.
// The server process booting a small fleet whose telemetry reaches the database is process.test.ts's
// start (one server process on PGlite for both: each costs a small machine about 20 CPU-seconds). Both
// start the built server (support/built-server.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimProcess } from '../src/modules/sim-fleet/sim-process.js';
import { BUILT_SERVER_ENTRY, buildServerIfStale } from './support/built-server.js';
import { waitFor } from './support/poll.js';
import { SMALL_FLEET } from './support/small-fleet.js';

const serverRoot = resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'sunfleet-simproc-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function capturedLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('the simulator child process', () => {
  it('pipes its output into the log and restarts it with a back-off when it fails', async () => {
    const { log, lines } = capturedLog();
    const child = new SimProcess({
      command: process.execPath,
      prefix: ['-e', 'console.log("hello from the sim"); console.error("a warning"); process.exit(1)'],
      args: [],
      cwd: tmp,
      log,
      minBackoffMs: 50,
      maxBackoffMs: 200,
    });
    child.start();
    await waitFor(() => child.startCount >= 3, 'three starts', 10_000);
    await child.stop();
    const count = child.startCount;
    await sleep(400);
    expect(child.startCount).toBe(count);
    expect(lines.some((l) => l.msg === 'hello from the sim' && l.level === 30)).toBe(true);
    expect(lines.some((l) => l.msg === 'a warning' && l.level === 40)).toBe(true);
    expect(lines.filter((l) => l.msg === 'simulator exited unexpectedly').map((l) => l.restartInMs)).toEqual(
      expect.arrayContaining([50, 100]),
    );
  });

  it('does not restart after a usage error, and kills a child that ignores SIGTERM', async () => {
    const { log, lines } = capturedLog();
    const refused = new SimProcess({
      command: process.execPath,
      prefix: ['-e', 'process.exit(2)'],
      args: [],
      cwd: tmp,
      log,
    });
    refused.start();
    await waitFor(
      () => lines.some((l) => l.msg === 'simulator refused its arguments: not restarted'),
      'the refusal',
    );
    expect(refused.startCount).toBe(1);

    const stubborn = new SimProcess({
      command: process.execPath,
      prefix: ['-e', 'process.on("SIGTERM", () => {}); console.log("up"); setInterval(() => {}, 1000)'],
      args: [],
      cwd: tmp,
      log,
      stopGraceMs: 300,
    });
    stubborn.start();
    await waitFor(() => lines.some((l) => l.msg === 'up'), 'the child');
    const pid = stubborn.pid!;
    await stubborn.stop();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('the sim service in the server process', () => {
  beforeAll(buildServerIfStale, 180_000);

  it('refuses a bad SIM_FLEET with exit code 78 before creating anything', async () => {
    const dataDir = join(tmp, 'bad');
    const bad = join(tmp, 'bad-fleet.json');
    writeFileSync(bad, JSON.stringify({ ...SMALL_FLEET, version: 2 }));
    const child = spawn(process.execPath, [BUILT_SERVER_ENTRY], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        SIM_FLEET: bad,
      },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((ok) => child.on('exit', (c) => ok(c)));
    expect(code).toBe(78);
    expect(stderr).toContain(
      `Invalid configuration: SIM_FLEET names an invalid fleet file: ${bad}\n  version: must be equal to constant`,
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
