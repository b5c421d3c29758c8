import { describe, expect, it } from 'vitest';
import { taskState } from './iv.service.js';

describe('an IV task state (SPEC §4 scan status) from its inverters’ command states', () => {
  it('is SCANNING while any is open, then COMPLETE, UNFINISHED or FAILED', () => {
    expect(taskState(['DONE', 'SENT'])).toBe('SCANNING');
    expect(taskState(['PENDING', 'FAILED'])).toBe('SCANNING');
    expect(taskState(['ACKNOWLEDGED'])).toBe('SCANNING');
    expect(taskState(['DONE', 'DONE'])).toBe('COMPLETE');
    expect(taskState(['DONE', 'EXPIRED'])).toBe('UNFINISHED');
    expect(taskState(['DONE', 'FAILED'])).toBe('UNFINISHED');
    expect(taskState(['FAILED', 'EXPIRED'])).toBe('FAILED');
  });
});
