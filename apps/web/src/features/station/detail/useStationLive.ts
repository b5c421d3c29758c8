import { useCallback, useEffect, useRef } from 'react';
import type { LiveEvent, PowerChartData } from '@sunfleet/contracts';
import { queryClient } from '../../../lib/queryClient';
import { useLive } from '../../../lib/live';
import { keyOf } from '../detail-api';
import { mergeCurve } from './liveMerge';

/**
 * Keeps the overview current while it is shown, from what the station stream pushes: the station's
 * figures (`stats`) replace the held ones and the newest curve buckets (`curve`) are merged into today's
 * chart, so nothing is refetched. A hidden view (another tab of the page, or a kept-alive page in the
 * background) closes its stream and refetches once when it is shown again.
 */
export function useStationLive(stationId: number, today: string, shown: boolean): void {
  const wasShown = useRef(shown);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: keyOf(stationId, 'stats') });
    void queryClient.invalidateQueries({ queryKey: keyOf(stationId, 'power', today) });
  }, [stationId, today]);

  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'stats') queryClient.setQueryData(keyOf(stationId, 'stats'), event.data);
      else if (event.type === 'curve' && event.data.date === today)
        queryClient.setQueryData<PowerChartData>(keyOf(stationId, 'power', today), (held) =>
          held === undefined ? held : mergeCurve(held, event.data),
        );
    },
    [stationId, today],
  );

  useEffect(() => {
    if (shown && !wasShown.current) refresh();
    wasShown.current = shown;
  }, [shown, refresh]);
  useLive(shown ? { stationId } : null, onEvent);
}
