// The chaos run's report as `npm run chaos` and the CI suite print it.
import type { ChaosReport } from './chaos.js';

export function printReport(report: ChaosReport): void {
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  console.log('\nfault                  down     recovered in   readings meanwhile   simulated');
  for (const f of report.faults)
    console.log(
      `${f.fault.padEnd(22)} ${s(f.downMs).padStart(7)}  ${s(f.recoveryMs).padStart(12)}   ${String(f.producedWhileDown).padStart(8)}   ${f.simulated.from}–${f.simulated.to}   ${f.note}`,
    );
  console.log(
    `\nreadings: produced ${report.produced}, stored ${report.stored}, duplicated ${report.duplicated}, ` +
      `lost ${report.lost}, dropped by the overfilled logger's journal (counted) ${report.droppedByLogger}, ` +
      `stored with other values ${report.altered}; messages redelivered and absorbed ${report.redelivered}`,
  );
  for (const answer of report.apiWhileDown)
    console.log(`database down: ${answer.call} → ${answer.status ?? 'no answer'} in ${answer.ms} ms`);
  if (report.lossCounter !== null)
    console.log(
      `loss counter: the journal dropped ${report.lossCounter.journal} messages; the cloud shows ${report.lossCounter.reported ?? 'nothing'}`,
    );
  console.log(
    `rollups: ${report.rollupMismatches} rows differ from a recomputation out of the raw rows; ` +
      `Σ samples ${report.rollupSamplesEqualRows ? '=' : '≠'} raw rows per device`,
  );
  const unequal = report.perDevice.filter((d) => d.expected !== d.stored || d.expectedSum !== d.storedSum);
  console.log(
    `devices: ${report.perDevice.length - unequal.length} of ${report.perDevice.length} with count and checksum equal`,
  );
  for (const d of unequal)
    console.log(
      `  ${d.device}: expected ${d.expected} (${d.expectedSum}), stored ${d.stored} (${d.storedSum})`,
    );
  for (const problem of report.problems) console.log(`PROBLEM: ${problem}`);
  console.log(report.ok ? '\nchaos: every check passed' : '\nchaos: FAILED');
  console.log(
    JSON.stringify({
      bench: 'chaos',
      produced: report.produced,
      stored: report.stored,
      duplicated: report.duplicated,
      lost: report.lost,
      droppedByLogger: report.droppedByLogger,
      recoveryMs: Object.fromEntries(report.faults.map((f) => [f.fault, f.recoveryMs])),
      ok: report.ok,
    }),
  );
}
