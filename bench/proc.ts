// What Linux's /proc says about a process of this machine: its CPU time, resident memory and children.
// The benchmarks use it to measure a server or simulator running as a process of its own (bench/soak.ts)
// and the PostgreSQL backends serving a pool (bench/ingest.ts). Every reader answers null when the
// process is gone or /proc cannot be read (not Linux).
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on every Linux build in use). */
const TICKS_PER_S = 100;

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** CPU time (user + system, ms) of a process, or of the calling thread with 'thread-self'. */
export function cpuMsOf(pid: number | 'thread-self'): number | null {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The fields after the command name (which may hold spaces) start with the state; utime and stime
  // are the 12th and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_S : null;
}

/** Resident memory (VmRSS) of a process, bytes. */
export function rssBytesOf(pid: number): number | null {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(read(`/proc/${pid}/status`) ?? '')?.[1];
  return kb === undefined ? null : Number(kb) * 1024;
}

/** The process's command line, its arguments joined by spaces ('' when it is gone). */
export function commandLineOf(pid: number): string {
  return (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim();
}

/** The ids of the process's children (of all its threads). */
export function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) =>
    (read(`/proc/${pid}/task/${task}/children`) ?? '').split(' ').filter(Boolean).map(Number),
  );
}

/** Busy and total CPU time of the whole machine (all cores, ms), from /proc/stat's first line. */
export function machineCpuMs(): { busy: number; total: number } | null {
  const line = read('/proc/stat')?.split('\n')[0];
  if (line === undefined || !line.startsWith('cpu ')) return null;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: (busy * 1000) / TICKS_PER_S, total: ((busy + idle + iowait) * 1000) / TICKS_PER_S };
}
