import { useCallback, useEffect, useRef } from 'react';
import { queryClient } from '../../../lib/queryClient';
import { useLive } from '../../../lib/live';
import { keyOf } from '../detail-api';

/** Live events come every few seconds per device; the figures refetch at most this often. */
const REFRESH_THROTTLE_MS = 2_000;

/**
 * Keeps the overview current while it is shown: every live event of the station (a new reading, a status
 * change) refetches its figures and today's power curve, at most once per throttle window (the last event
 * of a burst is never lost). A hidden view (another tab of the page, or a kept-alive page in the
 * background) closes its stream and catches up when it is shown again.
 */
export function useStationLive(stationId: number, today: string, shown: boolean): void {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const wasShown = useRef(shown);

  const refresh = useCallback(() => {
    last.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: keyOf(stationId, 'stats') });
    void queryClient.invalidateQueries({ queryKey: keyOf(stationId, 'power', today) });
  }, [stationId, today]);

  const onEvent = useCallback(() => {
    const wait = last.current + REFRESH_THROTTLE_MS - Date.now();
    if (wait <= 0) refresh();
    else if (timer.current === undefined) {
      timer.current = setTimeout(() => {
        timer.current = undefined;
        refresh();
      }, wait);
    }
  }, [refresh]);

  useEffect(() => {
    if (shown && !wasShown.current) refresh();
    wasShown.current = shown;
  }, [shown, refresh]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLive(shown ? { stationId } : null, onEvent);
}
