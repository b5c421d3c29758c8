// `yield` prints one JSON line per station: twelve months and their sum as the year, from the simulation
// the loggers run — deterministic, sunnier places yielding more, and refused arguments exit 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli.js';
import { readFleetFile } from '../fleet/fleet-file.js';
import { stationDcKwp } from '../fleet/fleet-sites.js';
import type { StationYield } from '../fleet/yield.js';
import { demoFleetPath } from './fleet-options.js';

const dir = mkdtempSync(join(tmpdir(), 'sf-yield-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The demo's three smallest stations (one inverter each), as a fleet file of their own. */
function smallFleet(): string {
  const demo = readFleetFile(demoFleetPath());
  const keys = ['munich-home', 'sydney-home', 'tokyo-home'];
  const path = join(dir, 'small.json');
  writeFileSync(
    path,
    JSON.stringify({ ...demo, stations: demo.stations.filter((s) => keys.includes(s.key)) }),
  );
  return path;
}

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** What the command prints per line: the module's StationYield as JSON. */
type Line = StationYield;

describe('sim CLI: yield', () => {
  it('prints one line per station with twelve months and their sum as the year', async () => {
    const fleet = smallFleet();
    const r = await run(['yield', '--year', '2025', '--fleet', fleet, '--step', '1800']);
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    const lines = r.out.map((l) => JSON.parse(l) as Line);
    const stations = readFleetFile(fleet).stations;
    expect(lines.map((l) => l.key)).toEqual(stations.map((s) => s.key));
    for (const [i, line] of lines.entries()) {
      const station = stations[i]!;
      expect(line).toMatchObject({
        name: station.name,
        latitude: station.latitude,
        longitude: station.longitude,
        year: 2025,
      });
      expect(line.kWp).toBeCloseTo(stationDcKwp(station), 2);
      expect(line.monthlyKwhPerKwp).toHaveLength(12);
      for (const month of line.monthlyKwhPerKwp) expect(month).toBeGreaterThan(10);
      const sum = line.monthlyKwhPerKwp.reduce((a, b) => a + b, 0);
      expect(line.annualKwhPerKwp).toBeCloseTo(sum, 6);
      expect(line.annualKwhPerKwp).toBeGreaterThan(800);
      expect(line.annualKwhPerKwp).toBeLessThan(1_600);
      expect(line.ghiKwhPerM2).toBeGreaterThan(1_000);
    }
    // Seasons: Munich's June beats its December; Sydney's December beats its June.
    const [munich, sydney] = lines;
    expect(munich!.monthlyKwhPerKwp[5]!).toBeGreaterThan(2 * munich!.monthlyKwhPerKwp[11]!);
    expect(sydney!.monthlyKwhPerKwp[11]!).toBeGreaterThan(1.5 * sydney!.monthlyKwhPerKwp[5]!);
    // Deterministic.
    const again = await run(['yield', '--year', '2025', '--fleet', fleet, '--step', '1800']);
    expect(again.out).toEqual(r.out);
  });

  it('runs one station of the demo with --station, and refuses bad arguments with exit code 2', async () => {
    const one = await run(['yield', '--year', '2024', '--station', 'sao-paulo-home', '--step', '3600']);
    expect(one.code).toBe(0);
    expect(one.out).toHaveLength(1);
    expect(JSON.parse(one.out[0]!)).toMatchObject({ key: 'sao-paulo-home', year: 2024 });
    expect((await run(['yield'])).code).toBe(2);
    expect((await run(['yield'])).err.join('\n')).toContain('--year is required');
    expect((await run(['yield', '--year', '2025', '--station', 'atlantis'])).code).toBe(2);
    expect((await run(['yield', '--year', '2025', '--step', '5'])).code).toBe(2);
  });
});
