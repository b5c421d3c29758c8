import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { localDateIn, requestDate } from './localDate';

describe('station-local date', () => {
  it('is the date in the station time zone, not the browser one', () => {
    const at = new Date(Date.UTC(2026, 0, 31, 23, 30));
    expect(localDateIn('UTC', at)).toBe('2026-01-31');
    expect(localDateIn('Asia/Shanghai', at)).toBe('2026-02-01');
    expect(localDateIn('America/New_York', at)).toBe('2026-01-31');
  });

  it('falls back to a valid date for an unknown zone', () => {
    expect(localDateIn('Nowhere/Else', new Date(Date.UTC(2026, 5, 1, 12)))).toMatch(/^2026-0[56]-\d{2}$/);
  });
});

describe('chart request date', () => {
  const chosen = dayjs('2026-06-17');
  it('asks for the chosen day, the first of its month or year, or today for the whole life', () => {
    expect(requestDate('DAY', chosen, '2026-07-01')).toBe('2026-06-17');
    expect(requestDate('MONTH', chosen, '2026-07-01')).toBe('2026-06-01');
    expect(requestDate('YEAR', chosen, '2026-07-01')).toBe('2026-01-01');
    expect(requestDate('TOTAL', chosen, '2026-07-01')).toBe('2026-07-01');
  });
});
