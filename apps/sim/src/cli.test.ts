import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './cli.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

function run(args: string[]) {
  const r = spawnSync(process.execPath, [TSX, CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function runInProcess(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const GOLDEN = [
  'sun',
  '--lat',
  '39.742476',
  '--lon',
  '-105.1786',
  '--time',
  '2003-10-17T12:30:30-07:00',
  '--elevation',
  '1830.14',
  '--pressure',
  '820',
  '--temperature',
  '11',
  '--delta-t',
  '67',
];

describe('sim CLI: sun (child process)', () => {
  it('prints exactly one JSON line with the SPA reference zenith and azimuth', () => {
    const r = run(GOLDEN);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]!) as { zenith: number; azimuth: number };
    expect(Object.keys(result)).toEqual(['zenith', 'azimuth']);
    expect(result.zenith).toBeCloseTo(50.11162, 5);
    expect(result.azimuth).toBeCloseTo(194.34024, 5);
  });

  it('exits 2 with a clear message on stderr when an argument is missing', () => {
    const r = run(GOLDEN.filter((_, i) => i !== 1 && i !== 2));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--lat is required');
  });
});

describe('sim CLI (in process)', () => {
  it('accepts --name=value and a Z offset', async () => {
    const r = await runInProcess(['sun', '--lat=0', '--lon=0', '--time=2024-03-20T12:07:30Z']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out[0]!) as { zenith: number }).zenith).toBeLessThan(0.3);
  });

  it.each([
    [['sun', '--lat', '91', '--lon', '0', '--time', '2024-01-01T00:00:00Z'], '--lat must be at most 90'],
    [['sun', '--lat', 'north', '--lon', '0', '--time', '2024-01-01T00:00:00Z'], '--lat must be a number'],
    [
      ['sun', '--lat', '1', '--lon', '0', '--time', '2024-01-01T12:00:00'],
      'ISO 8601 date-time with an offset',
    ],
    [['sun', '--lat', '1', '--lon', '0', '--time', '2024-02-30T12:00:00Z'], 'not a valid date-time'],
    [
      ['sun', '--lat', '1', '--lon', '0', '--time', '2024-01-01T00:00:00Z', '--pressure', '-3'],
      '--pressure must be at least 0',
    ],
    [
      ['sun', '--lat', '1', '--lon', '0', '--time', '2024-01-01T00:00:00Z', '--bogus', '1'],
      "Unknown option '--bogus'",
    ],
    [['sun', '--lat', '1', '--lon', '0', '--time', '2024-01-01T00:00:00Z', 'extra'], 'Unexpected argument'],
    [['moon'], 'unknown command "moon"'],
    [[], 'usage: sunfleet-sim'],
  ])('rejects %j with exit code 2', async (args, message) => {
    const r = await runInProcess(args);
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err.join('\n')).toContain(message);
  });
});
