// Simulator throughput: device readings simulated per second on one core (the demo fleet × 4 over a June
// day: physics, register images, sampling, journaling) ÷ JSON.stringify of the same telemetry messages
// from precomputed objects in the same run (apps/sim/src/fleet/bench.ts explains the choice).
// Run alone with `npx tsx bench/sim.ts`; `npm run bench` runs it with the others.
import { measureSimReadings, readFleetFile, scaleFleet } from '../apps/sim/src/index.js';
import type { BenchResult } from './ingest.js';

const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

export function runSimBenchmark(print: (r: BenchResult) => void): void {
  const fleet = scaleFleet(
    readFleetFile(new URL('../apps/sim/fleets/demo.json', import.meta.url).pathname),
    4,
  );
  measureSimReadings({ fleet: scaleFleet(fleet, 1), hours: 2 }); // warm-up (JIT)
  const r = measureSimReadings({ fleet, hours: 24 });
  print({
    bench: 'sim.readings',
    value: round(r.perSecond, 1),
    unit: 'device readings/s',
    baseline: round(r.baselinePerSecond, 1),
    ratio: round(r.perSecond / r.baselinePerSecond, 4),
    note: `${r.readings} readings of the demo fleet ×4 over ${r.simulatedHours} simulated hours in ${Math.round(r.ms)} ms; baseline: JSON.stringify of the same telemetry messages`,
  });
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  runSimBenchmark((r) => console.log(JSON.stringify(r)));
}
