import { afterEach, describe, expect, it, vi } from 'vitest';
import { authFailureLog } from './broker.js';

describe('authFailureLog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs the first failure of a storm at once and the rest as one line per interval', () => {
    vi.useFakeTimers();
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const report = authFailureLog({
      error: (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message }),
    } as never);
    const err = new Error('timeout exceeded when trying to connect');
    report('SFLG0001', err);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(/refused as server unavailable, the logger retries/);
    expect(lines[0]?.fields).toMatchObject({ sn: 'SFLG0001', refused: 1, err });
    for (let i = 2; i <= 1_549; i++) report(`SFLG${i}`, err);
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.fields).toMatchObject({ sn: 'SFLG1549', refused: 1_548, withinMs: 10_000 });
    // A quiet interval logs nothing; the next failure after it is logged at once again.
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    report('SFLG2000', err);
    expect(lines).toHaveLength(3);
    expect(lines[2]?.fields).toMatchObject({ sn: 'SFLG2000', refused: 1 });
  });
});
