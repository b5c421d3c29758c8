import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from './journal.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-journal-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function telemetry(seq: number, size = 200): Record<string, unknown> {
  return {
    v: 1,
    seq,
    backlog: false,
    readings: [{ dev: 'SFI1', ts: seq * 1_000, values: { pad: 'x'.repeat(size) } }],
  };
}

function pendingIds(journal: Journal): number[] {
  const ids: number[] = [];
  for (let e = journal.firstPendingFrom(0); e; e = journal.firstPendingFrom(e.id + 1)) ids.push(e.id);
  return ids;
}

function diskBytes(dir: string): number {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.seg'))
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

describe('Journal', () => {
  it('keeps unacknowledged messages across a reopen, in order, and forgets acknowledged ones', () => {
    const dir = tempDir();
    const journal = Journal.open({ dir, fsync: false, segmentBytes: 1_000 });
    for (let i = 0; i < 20; i++) journal.append('telemetry', telemetry(i), 1);
    for (const id of [0, 1, 2, 5, 7]) journal.ack(id);
    journal.meta.seq = 20;
    journal.close();
    const again = Journal.open({ dir, fsync: false, segmentBytes: 1_000 });
    expect(pendingIds(again)).toEqual([3, 4, 6, ...Array.from({ length: 12 }, (_, i) => i + 8)]);
    expect(again.meta.seq).toBe(20);
    expect(again.nextId).toBe(20);
    expect(JSON.parse(again.get(3)!.text)).toEqual(telemetry(3));
    // Fully acknowledged segments are deleted.
    for (let id = 0; id < 20; id++) again.ack(id);
    again.append('alarm', { v: 1, alarms: [] });
    again.close();
    expect(readdirSync(dir).filter((f) => f.endsWith('.seg'))).toHaveLength(1);
    expect(pendingIds(Journal.open({ dir, fsync: false }))).toEqual([20]);
  });

  it('stays within its byte bound, dropping the oldest messages and counting them', () => {
    const dir = tempDir();
    const journal = Journal.open({ dir, fsync: false, maxBytes: 8_000, segmentBytes: 2_000 });
    for (let i = 0; i < 100; i++) {
      journal.append('telemetry', telemetry(i), 3);
      expect(diskBytes(dir)).toBeLessThanOrEqual(8_000);
    }
    const stats = journal.stats();
    const kept = pendingIds(journal);
    expect(stats.droppedMessages).toBe(100 - kept.length);
    expect(stats.droppedReadings).toBe(3 * stats.droppedMessages);
    expect(stats.droppedMessages).toBeGreaterThan(50);
    // What is left is the newest, without gaps.
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 100 - kept.length + i));
    journal.close();
    expect(Journal.open({ dir, fsync: false }).stats()).toMatchObject({
      droppedMessages: stats.droppedMessages,
      pendingMessages: kept.length,
    });
  });

  it('cuts a torn last line (a power cut mid-write) and keeps appending after it', () => {
    const dir = tempDir();
    const journal = Journal.open({ dir, fsync: false });
    journal.append('telemetry', telemetry(0), 1);
    journal.append('telemetry', telemetry(1), 1);
    journal.close();
    const segment = readdirSync(dir).find((f) => f.endsWith('.seg'))!;
    appendFileSync(join(dir, segment), '{"id":2,"kind":"telemetry","readings":1,"payl');
    const again = Journal.open({ dir, fsync: false });
    expect(pendingIds(again)).toEqual([0, 1]);
    again.append('telemetry', telemetry(2), 1);
    again.close();
    expect(pendingIds(Journal.open({ dir, fsync: false }))).toEqual([0, 1, 2]);
  });

  it('remembers acknowledgements that arrived out of order', () => {
    const dir = tempDir();
    const journal = Journal.open({ dir, fsync: false });
    for (let i = 0; i < 5; i++) journal.append('telemetry', telemetry(i), 1);
    journal.ack(3);
    journal.ack(1);
    journal.close();
    expect(pendingIds(Journal.open({ dir, fsync: false }))).toEqual([0, 2, 4]);
  });

  it.runIf(existsSync('/proc/self/fd'))(
    'holds no file open between appends (a simulator keeps thousands of journals beside their sockets)',
    () => {
      const openFiles = (): number => readdirSync('/proc/self/fd').length;
      const before = openFiles();
      const journals = Array.from({ length: 50 }, (_, i) => Journal.open({ dir: join(tempDir(), `j${i}`) }));
      for (const [i, journal] of journals.entries()) {
        journal.append('telemetry', telemetry(1), 1);
        journal.setBulk(true);
        journal.append('telemetry', telemetry(2), 1);
        journal.setBulk(false);
        journal.ack(0);
        if (i % 2 === 0) journal.flush();
      }
      expect(openFiles()).toBe(before);
      // And the messages are where they belong, across a reopen.
      for (const journal of journals) journal.close();
      const reopened = Journal.open({ dir: journals[0]?.dir ?? '' });
      expect(pendingIds(reopened)).toEqual([1]);
      reopened.close();
    },
  );

  it('lets acknowledged messages go from memory, at once when none is pending', () => {
    const journal = Journal.open({ dir: tempDir(), fsync: false });
    for (let seq = 0; seq < 100; seq++) {
      const entry = journal.append('telemetry', telemetry(seq), 1);
      journal.ack(entry.id);
    }
    expect(journal.heldEntries).toBe(0);
    // One message stays unacknowledged (its PUBACK never came): the others still go, in slices.
    const stuck = journal.append('telemetry', telemetry(100), 1);
    for (let seq = 101; seq < 400; seq++) journal.ack(journal.append('telemetry', telemetry(seq), 1).id);
    expect(journal.heldEntries).toBeLessThanOrEqual(66);
    expect(pendingIds(journal)).toEqual([stuck.id]);
    journal.ack(stuck.id);
    expect(journal.heldEntries).toBe(0);
    journal.close();
  });
});
