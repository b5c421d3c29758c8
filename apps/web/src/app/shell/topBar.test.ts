import { describe, expect, it } from 'vitest';
import { bigScreenPath } from './TopBar';

describe('top bar (SPEC §6)', () => {
  it('sends role id 41 to /revealBigScreen and every other role to /bigScreen', () => {
    expect(bigScreenPath(41)).toBe('/revealBigScreen');
    expect(bigScreenPath(1)).toBe('/bigScreen');
  });
});
