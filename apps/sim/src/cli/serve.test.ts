// The `modbus` and `run` commands: the Modbus server as a child process (one line when listening, clean
// exit on SIGTERM) and loggers from a JSON config publishing to a broker (in process).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ModbusRTU from 'modbus-serial';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../cli.js';
import { freePort } from '../modbus/server.js';
import { TestBroker } from '../testing/broker.js';
import { until } from '../testing/fixtures.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function runInProcess(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('sim CLI: modbus', () => {
  it('listens, prints one line, serves SunSpec registers, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        TSX,
        CLI,
        'modbus',
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--devices',
        'SF-INV-1P-5K,SF-MTR-1P',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    await until(() => stdout.includes('\n'), 'the listening line', 20_000);
    expect(stdout).toMatch(
      /^modbus listening on 127\.0\.0\.1:\d+ \(units 1=SF-INV-1P-5K SFI1\d{10}, 2=SF-MTR-1P SFM1\d{10}\)\n$/,
    );

    const client = new ModbusRTU();
    await client.connectTCP('127.0.0.1', { port });
    client.setID(2);
    expect((await client.readHoldingRegisters(40_000, 4)).data).toEqual([0x5375, 0x6e53, 1, 66]);
    expect((await client.readHoldingRegisters(40_070, 2)).data).toEqual([201, 105]);
    await new Promise<void>((resolve) => client.close(() => resolve()));

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.split('\n').filter((l) => l !== '')).toHaveLength(1);
  });

  it('exits 2 with a usage message without --port or with an unknown model', async () => {
    const missing = await runInProcess(['modbus']);
    expect(missing.code).toBe(2);
    expect(missing.err.join('\n')).toContain('--port is required');
    const unknown = await runInProcess(['modbus', '--port', '5020', '--devices', 'SF-TOASTER']);
    expect(unknown.code).toBe(2);
    expect(unknown.err.join('\n')).toContain('unknown device model "SF-TOASTER"');
  });
});

describe('sim CLI: run', () => {
  function writeConfig(config: unknown): string {
    const dir = mkdtempSync(join(tmpdir(), 'sf-run-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'fleet.json');
    writeFileSync(path, JSON.stringify(config));
    return path;
  }

  it('runs the configured loggers against the broker, accelerated from a start in the past', async () => {
    const broker = await TestBroker.start();
    cleanups.push(() => broker.stop());
    const start = Date.now() - 3_600_000;
    const path = writeConfig({
      broker: broker.url,
      seed: 'cli-test',
      acceleration: 1_200,
      start: new Date(start).toISOString(),
      bufferDir: 'buffers',
      loggers: [
        {
          sn: 'SFLG2606000101',
          secret: 'one',
          uploadInterval: 60,
          devices: ['SF-INV-3P-10K', 'SF-MTR-3P'],
          latitude: 48.14,
          longitude: 11.58,
          timeZone: 'Europe/Berlin',
        },
        {
          sn: 'SFLG2606000102',
          secret: 'two',
          uploadInterval: 60,
          site: {
            id: 'small',
            latitude: 40.4,
            longitude: -3.7,
            timeZone: 'Europe/Madrid',
            inverters: [
              {
                sn: 'SFI12606000201',
                ratedPowerW: 5_000,
                mppts: [{ strings: 1, modulesPerString: 10, tilt: 25, azimuth: 180 }],
              },
            ],
          },
        },
      ],
    });
    const result = await runInProcess(['run', '--config', path, '--duration', '1.5']);
    expect(result.code).toBe(0);
    expect(result.err).toEqual([]);
    expect(result.out).toHaveLength(1);
    expect(result.out[0]).toMatch(
      /^running 2 loggers against mqtt:\/\/127\.0\.0\.1:\d+ \(seed cli-test, from .*, ×1200\)$/,
    );
    const hellos = broker.committed.filter((u) => u.kind === 'hello');
    expect(hellos.map((h) => h.topic).sort()).toEqual([
      'sf/v1/SFLG2606000101/up/hello',
      'sf/v1/SFLG2606000102/up/hello',
    ]);
    const telemetry = broker.of('telemetry') as { readings: { ts: number }[] }[];
    // 1.5 s × 1200 = 30 simulated minutes: about 30 uploads per logger.
    expect(telemetry.length).toBeGreaterThan(20);
    for (const m of telemetry) for (const r of m.readings) expect(r.ts).toBeGreaterThan(start);
  });

  it('reports configuration errors with their place, exit code 2', async () => {
    const path = writeConfig({
      broker: 'mqtt://localhost',
      loggers: [{ sn: 'bad sn', secret: 'x', devices: [] }],
    });
    const result = await runInProcess(['run', '--config', path]);
    expect(result.code).toBe(2);
    expect(result.err.join('\n')).toContain('config.loggers[0].sn: must match');
  });
});
