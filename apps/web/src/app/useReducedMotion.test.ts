import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './useReducedMotion';

/** A system setting the test flips, as a user would in the OS's accessibility settings. */
function systemSetting(initial: boolean): { set: (reduce: boolean) => void } {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && matches;
      },
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    })),
  );
  return {
    set(reduce) {
      matches = reduce;
      listeners.forEach((l) => l());
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('useReducedMotion', () => {
  it('follows the system setting, also when it changes while the console is open', () => {
    const setting = systemSetting(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => setting.set(true));
    expect(result.current).toBe(true);
    act(() => setting.set(false));
    expect(result.current).toBe(false);
  });

  it('is on from the first render when the system already asks for less motion', () => {
    systemSetting(true);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(true);
  });
});
