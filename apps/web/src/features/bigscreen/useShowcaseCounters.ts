import { useEffect, useState } from 'react';
import { local } from '../../lib/storage';
import {
  advance,
  SHOWCASE_STEP_MS,
  SHOWCASE_STORAGE_KEY,
  showcaseStateAt,
  type ShowcaseCounters,
} from './showcaseCounters';

function storedState(): unknown {
  const raw = local.get(SHOWCASE_STORAGE_KEY);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The demonstration counters while `enabled` (SPEC §9): resumed from local storage, grown every 5 minutes
 * and stored again; undefined while off.
 */
export function useShowcaseCounters(enabled: boolean): ShowcaseCounters | undefined {
  const [counters, setCounters] = useState<ShowcaseCounters | undefined>(undefined);

  useEffect(() => {
    if (!enabled) {
      setCounters(undefined);
      return;
    }
    let state = showcaseStateAt(storedState(), Date.now(), Math.random);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (): void => {
      local.set(SHOWCASE_STORAGE_KEY, JSON.stringify(state));
      setCounters(state.counters);
      timer = setTimeout(tick, Math.max(0, state.at + SHOWCASE_STEP_MS - Date.now()));
    };
    const tick = (): void => {
      state = advance(state, Date.now(), Math.random);
      show();
    };
    show();
    return () => clearTimeout(timer);
  }, [enabled]);

  return counters;
}
