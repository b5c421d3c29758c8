import { useCallback, useEffect, useReducer, useState } from 'react';
import { ensureLanguageTable, hasLoadedTable, isTableMissing } from '../../lib/languageTable';

export interface LanguageGate {
  ready: boolean;
  error: Error | undefined;
  retry: () => void;
}

/**
 * "The language list is loaded if missing" (SPEC §4): checked on every navigation. Rendering only waits
 * when i18next has no table at all; a re-fetch after a 4001 happens while the old table stays on screen.
 */
export function useLanguageGate(navigationKey: string): LanguageGate {
  const [attempt, retryNow] = useReducer((n: number) => n + 1, 0);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const [error, setError] = useState<Error>();

  useEffect(() => {
    if (!isTableMissing()) return;
    let cancelled = false;
    setError(undefined);
    ensureLanguageTable().then(
      () => {
        if (!cancelled) loaded();
      },
      (reason: unknown) => {
        if (!cancelled) setError(reason instanceof Error ? reason : new Error(String(reason)));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [navigationKey, attempt]);

  const retry = useCallback(() => retryNow(), []);
  return { ready: hasLoadedTable(), error, retry };
}
