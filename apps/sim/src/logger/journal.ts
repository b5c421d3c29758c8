// The logger's store-and-forward buffer: an append-only journal on disk, bounded by bytes.
//
// - Every uplink except hello is appended before it is sent: one JSON line per message in segment files
//   (`<first id>.seg`), fsync'd per append (one append = one upload batch). The segment is opened for
//   each append and closed after it, not held open: a simulator runs thousands of loggers in one process,
//   and one descriptor per journal beside one socket per logger ran out of the process's descriptors
//   (10,000 loggers: 20,000 with a limit of 20,000). A message leaves the journal
//   only when its PUBACK arrived (ack) or when the bound forced it out (drop, counted).
// - `index.json` holds the ack state (every id below `ackFloor` is done, plus the few acked above it),
//   the next id, the drop counters and the owner's small `meta` (the telemetry seq). It is rewritten
//   atomically after appends and, throttled, after acks: a crash can at worst resend a few messages whose
//   PUBACK arrived just before it (harmless: the cloud ignores repeats), never lose one.
// - A segment whose messages are all acknowledged or dropped is deleted. When an append would take the
//   journal past `maxBytes`, the oldest segments go first and their unsent messages are counted as
//   dropped (messages and readings).
// - On open, a torn last line (power cut mid-write) is cut off; everything before it is kept.
import {
  closeSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  truncateSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { UPLINK_KINDS, type UplinkKind } from '@sunfleet/contracts';
import { intField, isRecord, readJson, writeJsonAtomic } from './state-file.js';

export interface JournalEntry {
  readonly id: number;
  readonly kind: UplinkKind;
  /** The payload as JSON text (what is published, apart from the backlog flag). */
  readonly text: string;
  /** Readings in the message (telemetry), for the drop counter. */
  readonly readings: number;
  /** Bytes of its journal line. */
  readonly bytes: number;
}

export interface JournalOptions {
  dir: string;
  /** Upper bound of the segment files together, bytes (default 8 MiB). */
  maxBytes?: number;
  /** Size at which a new segment starts, bytes (default maxBytes / 8, at least 4 KiB). */
  segmentBytes?: number;
  /** fsync every append and index write (default true; off only for throw-away runs). */
  fsync?: boolean;
  /** Delay before acks are written to the index, ms (default 200). */
  ackFlushMs?: number;
}

export interface JournalStats {
  pendingMessages: number;
  pendingBytes: number;
  /** Bytes of all segment files (the bounded quantity). */
  diskBytes: number;
  droppedMessages: number;
  droppedReadings: number;
  nextId: number;
}

interface Segment {
  first: number;
  last: number;
  path: string;
  bytes: number;
}

const SEGMENT_RE = /^(\d{12})\.seg$/;
const KINDS: ReadonlySet<string> = new Set(UPLINK_KINDS);

function segmentName(first: number): string {
  return `${String(first).padStart(12, '0')}.seg`;
}

export class Journal {
  readonly dir: string;
  readonly maxBytes: number;
  readonly segmentBytes: number;
  private readonly fsyncOption: boolean;
  /** False while bulk-writing history (setBulk): no fsync, index written at most every ackFlushMs. */
  private durable = true;
  private readonly ackFlushMs: number;
  private readonly indexPath: string;
  private segments: Segment[] = [];
  /**
   * Entries in id order from `head` on; acknowledged and dropped ones leave `pending` at once and this
   * list when `head` passes them. Acks above the floor (out of order) are remembered in `ackedAbove`.
   */
  private entries: JournalEntry[] = [];
  private head = 0;
  private readonly pending = new Map<number, JournalEntry>();
  private readonly ackedAbove = new Set<number>();
  private pendingByteCount = 0;
  private nextIdValue = 0;
  /** The last segment was started by this process and takes appends until it is full. */
  private appendable = false;
  private droppedMessages = 0;
  private droppedReadings = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The owner's counters, persisted with the index (e.g. the telemetry seq). */
  readonly meta: Record<string, number> = {};

  private constructor(opts: JournalOptions) {
    this.dir = opts.dir;
    this.maxBytes = opts.maxBytes ?? 8 * 1024 * 1024;
    this.segmentBytes = opts.segmentBytes ?? Math.max(4_096, Math.floor(this.maxBytes / 8));
    if (!(this.maxBytes > 0 && this.segmentBytes > 0)) throw new RangeError('journal sizes must be positive');
    this.fsyncOption = opts.fsync ?? true;
    this.ackFlushMs = opts.ackFlushMs ?? 200;
    this.indexPath = join(this.dir, 'index.json');
  }

  /** Opens (or creates) the journal in `dir` and loads what is still unacknowledged. */
  static open(opts: JournalOptions): Journal {
    const journal = new Journal(opts);
    mkdirSync(journal.dir, { recursive: true });
    journal.load();
    return journal;
  }

  private load(): void {
    const index = readJson(this.indexPath);
    const record = isRecord(index) ? index : {};
    const floor = intField(record, 'ackFloor', 0);
    const acked = new Set(
      Array.isArray(record.acked) ? record.acked.filter((n): n is number => Number.isSafeInteger(n)) : [],
    );
    this.nextIdValue = intField(record, 'nextId', 0);
    this.droppedMessages = intField(record, 'droppedMessages', 0);
    this.droppedReadings = intField(record, 'droppedReadings', 0);
    if (isRecord(record.meta)) {
      for (const [key, value] of Object.entries(record.meta)) {
        if (typeof value === 'number' && Number.isFinite(value)) this.meta[key] = value;
      }
    }
    const files = readdirSync(this.dir)
      .filter((name) => SEGMENT_RE.test(name))
      .sort();
    for (const name of files) {
      const path = join(this.dir, name);
      const segment = this.readSegment(path, Number(SEGMENT_RE.exec(name)?.[1]), floor, acked);
      if (segment) this.segments.push(segment);
    }
    this.entries.sort((a, b) => a.id - b.id);
    for (const id of acked) if (id >= floor && id < this.nextIdValue) this.ackedAbove.add(id);
    this.advanceHead();
    this.dropDoneSegments();
    this.writeIndex();
  }

  /** Loads one segment's lines; returns null (and deletes the file) when it holds nothing to send. */
  private readSegment(path: string, first: number, floor: number, acked: Set<number>): Segment | null {
    const content = readFileSync(path);
    let offset = 0;
    let last = first - 1;
    let goodEnd = 0;
    while (offset < content.length) {
      const newline = content.indexOf(0x0a, offset);
      if (newline < 0) break; // torn last line: cut below
      const line = content.subarray(offset, newline).toString('utf8');
      const bytes = newline + 1 - offset;
      offset = newline + 1;
      goodEnd = offset;
      const entry = this.parseLine(line, bytes);
      if (!entry) continue;
      last = Math.max(last, entry.id);
      this.nextIdValue = Math.max(this.nextIdValue, entry.id + 1);
      if (entry.id >= floor && !acked.has(entry.id) && !this.pending.has(entry.id)) {
        this.entries.push(entry);
        this.pending.set(entry.id, entry);
        this.pendingByteCount += entry.bytes;
      }
    }
    if (goodEnd < content.length) truncateSync(path, goodEnd);
    if (goodEnd === 0) {
      unlinkSync(path);
      return null;
    }
    return { first, last, path, bytes: goodEnd };
  }

  private parseLine(line: string, bytes: number): JournalEntry | null {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return null;
    }
    if (!isRecord(parsed) || !isRecord(parsed.payload)) return null;
    const { id, kind, readings } = parsed;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
    if (typeof kind !== 'string' || !KINDS.has(kind)) return null;
    return {
      id,
      kind: kind as UplinkKind,
      text: JSON.stringify(parsed.payload),
      readings: typeof readings === 'number' ? readings : 0,
      bytes,
    };
  }

  get nextId(): number {
    return this.nextIdValue;
  }

  get size(): number {
    return this.pending.size;
  }

  stats(): JournalStats {
    return {
      pendingMessages: this.pending.size,
      pendingBytes: this.pendingByteCount,
      diskBytes: this.segments.reduce((sum, s) => sum + s.bytes, 0),
      droppedMessages: this.droppedMessages,
      droppedReadings: this.droppedReadings,
      nextId: this.nextIdValue,
    };
  }

  /** Appends one message (fsync'd) and returns its entry. Older segments may be dropped to stay bounded. */
  append(kind: UplinkKind, payload: Record<string, unknown>, readings = 0): JournalEntry {
    if (this.closed) throw new Error('journal closed');
    const id = this.nextIdValue;
    const text = JSON.stringify(payload);
    // JSON.stringify({ id, kind, readings, payload }) without serialising the payload a second time.
    const line = `{"id":${JSON.stringify(id)},"kind":${JSON.stringify(kind)},"readings":${JSON.stringify(readings)},"payload":${text}}\n`;
    const bytes = Buffer.byteLength(line);
    this.makeRoom(bytes);
    let segment = this.segments.at(-1);
    if (!segment || !this.appendable || (segment.bytes > 0 && segment.bytes + bytes > this.segmentBytes)) {
      segment = this.startSegment(id);
    }
    const fd = openSync(segment.path, 'a');
    try {
      writeSync(fd, line);
      if (this.fsync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    segment.bytes += bytes;
    segment.last = id;
    this.nextIdValue = id + 1;
    const entry: JournalEntry = { id, kind, text, readings, bytes };
    this.entries.push(entry);
    this.pending.set(id, entry);
    this.pendingByteCount += bytes;
    if (this.durable) this.writeIndex();
    else this.scheduleFlush();
    return entry;
  }

  private get fsync(): boolean {
    return this.fsyncOption && this.durable;
  }

  /**
   * Bulk mode for history a backfill generates (it can be generated again): appends are not fsync'd and
   * the index is written at most every `ackFlushMs`, as acks are. A process crash loses nothing (the
   * lines are in the page cache and the next open rebuilds the ids and the seq from them); a power cut
   * may lose the last unsynced lines. Leaving bulk mode writes the index at once.
   */
  setBulk(on: boolean): void {
    if (this.durable === !on) return;
    this.durable = !on;
    if (this.durable && !this.closed) {
      const last = this.segments.at(-1);
      if (this.appendable && last && this.fsyncOption) {
        const fd = openSync(last.path, 'r+');
        try {
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
      }
      this.flush();
    }
  }

  private startSegment(first: number): Segment {
    const path = join(this.dir, segmentName(first));
    const fd = openSync(path, 'a');
    let bytes: number;
    try {
      bytes = fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
    const segment: Segment = { first, last: first - 1, path, bytes };
    this.segments.push(segment);
    this.appendable = true;
    return segment;
  }

  /** Drops the oldest segments until `bytes` more fit under maxBytes (the open one last of all). */
  private makeRoom(bytes: number): void {
    let total = this.segments.reduce((sum, s) => sum + s.bytes, 0);
    while (total + bytes > this.maxBytes && this.segments.length > 0) {
      const oldest = this.segments[0] as Segment;
      if (this.segments.length === 1) this.appendable = false;
      this.dropSegment(oldest);
      total -= oldest.bytes;
    }
  }

  private dropSegment(segment: Segment): void {
    for (let id = segment.first; id <= segment.last; id++) {
      const entry = this.pending.get(id);
      if (!entry) continue;
      this.pending.delete(id);
      this.pendingByteCount -= entry.bytes;
      this.droppedMessages++;
      this.droppedReadings += entry.readings;
    }
    this.segments.shift();
    unlinkSync(segment.path);
    this.advanceHead();
  }

  /** The newest unacknowledged entry of a kind (e.g. the last telemetry, to recover its seq). */
  newestPending(kind: UplinkKind): JournalEntry | undefined {
    for (let i = this.entries.length - 1; i >= this.head; i--) {
      const entry = this.entries[i] as JournalEntry;
      if (entry.kind === kind && this.pending.has(entry.id)) return entry;
    }
    return undefined;
  }

  isPending(id: number): boolean {
    return this.pending.has(id);
  }

  get(id: number): JournalEntry | undefined {
    return this.pending.get(id);
  }

  /** The first unacknowledged entry with `from` ≤ id < `below`, oldest first. */
  firstPendingFrom(from: number, below = Number.POSITIVE_INFINITY): JournalEntry | undefined {
    const entries = this.entries;
    let low = this.head;
    let high = entries.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((entries[mid] as JournalEntry).id < from) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < entries.length; i++) {
      const entry = entries[i] as JournalEntry;
      if (entry.id >= below) return undefined;
      if (this.pending.has(entry.id)) return entry;
    }
    return undefined;
  }

  /** The PUBACK for an entry arrived: it is delivered and leaves the journal. */
  ack(id: number): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    this.pendingByteCount -= entry.bytes;
    this.ackedAbove.add(id);
    this.advanceHead();
    this.dropDoneSegments();
    this.scheduleFlush();
  }

  /** Moves `head` past entries that are no longer pending; forgets acks below the new floor. */
  private advanceHead(): void {
    const entries = this.entries;
    while (this.head < entries.length && !this.pending.has((entries[this.head] as JournalEntry).id)) {
      this.head++;
    }
    const floor = this.ackFloor();
    for (const id of this.ackedAbove) if (id < floor) this.ackedAbove.delete(id);
    // Acknowledged and dropped entries (and their text, a few KB each) are let go: at once when nothing is
    // pending (a live logger after each upload), else once they are more than 64 and outnumber the
    // pending ones (amortised: each compaction at least halves the list). Kept until 1,024 had gathered
    // behind the oldest pending one, they grew the soak's simulator by some 60 MB a minute (10,000 loggers,
    // a 4 KB message a minute each).
    const pending = this.pending.size;
    if (pending === 0) {
      if (entries.length > 0) this.entries = [];
      this.head = 0;
    } else if (entries.length - pending > 64 && entries.length > 2 * pending) {
      this.entries = entries.filter((e, i) => i >= this.head && this.pending.has(e.id));
      this.head = 0;
    }
  }

  /** Entries held in memory, acknowledged ones not yet let go included (tests). */
  get heldEntries(): number {
    return this.entries.length;
  }

  /** Deletes closed segments with nothing left to send. */
  private dropDoneSegments(): void {
    const floor = this.ackFloor();
    while (this.segments.length > 0) {
      const oldest = this.segments[0] as Segment;
      const isOpen = this.appendable && oldest === this.segments.at(-1);
      if (oldest.last >= floor || isOpen) break;
      this.segments.shift();
      unlinkSync(oldest.path);
    }
  }

  /** Every id below this one is acknowledged or dropped. */
  private ackFloor(): number {
    const entries = this.entries;
    for (let i = this.head; i < entries.length; i++) {
      const entry = entries[i] as JournalEntry;
      if (this.pending.has(entry.id)) return entry.id;
    }
    return this.nextIdValue;
  }

  private scheduleFlush(): void {
    if (this.flushTimer || this.closed) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      if (!this.closed) this.writeIndex();
    }, this.ackFlushMs);
    this.flushTimer.unref();
  }

  private writeIndex(): void {
    const floor = this.ackFloor();
    const acked = [...this.ackedAbove].filter((id) => id > floor).sort((a, b) => a - b);
    writeJsonAtomic(
      this.indexPath,
      {
        nextId: this.nextIdValue,
        ackFloor: floor,
        acked,
        droppedMessages: this.droppedMessages,
        droppedReadings: this.droppedReadings,
        meta: this.meta,
      },
      this.fsync,
    );
  }

  /** Writes the ack state now (e.g. before a planned stop). */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (!this.closed) this.writeIndex();
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.appendable = false;
  }
}
