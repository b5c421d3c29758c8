import { describe, expect, it } from 'vitest';
import { paramsSummary, timelineOf } from './commandText';

describe('command text', () => {
  it('summarises params on one line, addresses with their hex form', () => {
    expect(paramsSummary({ address: 40123, count: 2 })).toBe('address: 40123 (0x9CBB), count: 2');
    expect(paramsSummary({ periods: [{}, {}], mode: 4, config: { a: 1 } })).toBe(
      'periods: [2], mode: 4, config: {…}',
    );
    expect(paramsSummary({})).toBe('-');
    const long = paramsSummary({ url: `https://example.com/${'x'.repeat(200)}` });
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it('lays out the timeline of an open, a done and an expired command', () => {
    const base = { createdAt: 1, sentAt: null, acknowledgedAt: null, finishedAt: null, expiresAt: 300 };
    expect(timelineOf({ ...base, state: 'PENDING' })).toEqual([
      { stage: 'created', at: 1 },
      { stage: 'sent', at: null },
      { stage: 'acknowledged', at: null },
      { stage: 'DONE', at: null },
    ]);
    expect(
      timelineOf({ ...base, state: 'DONE', sentAt: 2, acknowledgedAt: 3, finishedAt: 4 }).map((s) => s.at),
    ).toEqual([1, 2, 3, 4]);
    expect(timelineOf({ ...base, state: 'EXPIRED' })).toEqual([
      { stage: 'created', at: 1 },
      { stage: 'EXPIRED', at: 300 },
    ]);
    expect(
      timelineOf({ ...base, state: 'FAILED', sentAt: 2, acknowledgedAt: 3, finishedAt: 5 }).at(-1),
    ).toEqual({
      stage: 'FAILED',
      at: 5,
    });
  });
});
