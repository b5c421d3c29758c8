// Progress of a catch-up or backfill: on a terminal one bar redrawn in place (with an ETA), otherwise one
// plain line every few seconds, so logs (the server pipes the simulator's output into its own) stay short.
import type { CatchUpProgress } from './driver.js';

export interface ProgressSink {
  /** Whether `write` goes to a terminal (the bar is redrawn in place). */
  tty: boolean;
  /** Raw text (no newline added). */
  write(text: string): void;
}

/** '42 s', '3 min 05 s', '2 h 07 min'. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(Math.round(ms / 1_000), 0);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export function progressBar(fraction: number, width = 24): string {
  const filled = Math.round(Math.min(Math.max(fraction, 0), 1) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** One status text: percent, simulated hours, readings, rate and ETA. */
export function describeProgress(p: CatchUpProgress): string {
  const percent = `${(Math.min(p.fraction, 1) * 100).toFixed(1)}%`;
  const hours = `${(p.doneMs / 3_600_000).toFixed(1)}/${(p.totalMs / 3_600_000).toFixed(1)} h simulated`;
  const rate = p.elapsedMs > 0 ? Math.round((p.readings * 1_000) / p.elapsedMs) : 0;
  const eta = p.etaMs === null ? 'ETA …' : `ETA ${formatDuration(p.etaMs)}`;
  return `${percent} ${hours}, ${count(p.readings)} readings (${count(rate)}/s), ${eta}`;
}

export class ProgressPrinter {
  private last = Number.NEGATIVE_INFINITY;
  private drawn = false;

  constructor(
    private readonly sink: ProgressSink,
    private readonly label: string,
    /** Minimum time between updates, ms (default 200 on a terminal, 5000 otherwise). */
    private readonly everyMs = sink.tty ? 200 : 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  update(progress: CatchUpProgress, force = false): void {
    const now = this.now();
    if (!force && now - this.last < this.everyMs) return;
    this.last = now;
    const text = `${this.label} ${describeProgress(progress)}`;
    if (this.sink.tty) {
      this.sink.write(`\r${progressBar(progress.fraction)} ${text}\u001b[K`);
      this.drawn = true;
    } else this.sink.write(`${text}\n`);
  }

  /** Ends the bar's line (on a terminal). */
  finish(): void {
    if (this.drawn) this.sink.write('\n');
    this.drawn = false;
  }
}
