import { describe, expect, it } from 'vitest';
import { fileSizeText } from './fileSize';

describe('fileSizeText', () => {
  it('shows sizes in B, KiB and MiB', () => {
    expect(fileSizeText(512)).toBe('512 B');
    expect(fileSizeText(820 * 1024)).toBe('820 KiB');
    expect(fileSizeText(1.5 * 1024 * 1024)).toBe('1.5 MiB');
  });
});
