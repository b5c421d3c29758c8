// One log line per burst instead of one per event: a connection storm refusing thousands of logins, or a
// broker outage making every ingest connection fail ten times a second. The first event of a burst is
// reported at once; the ones after it are counted and reported as one line per `everyMs` (with the last
// of them), until an interval passes without any, after which the next is reported at once again.

/**
 * `report(last, count, withinMs)`: `count` events, the last of them `last`; `withinMs` null for the first
 * of a burst, else the interval the count covers.
 */
export function throttled<T>(
  report: (last: T, count: number, withinMs: number | null) => void,
  everyMs = 10_000,
): (event: T) => void {
  let timer: NodeJS.Timeout | null = null;
  let more = 0;
  let last: T | undefined;
  const flush = (): void => {
    timer = null;
    if (more === 0) return;
    report(last as T, more, everyMs);
    more = 0;
    timer = setTimeout(flush, everyMs);
    timer.unref();
  };
  return (event) => {
    if (timer !== null) {
      more++;
      last = event;
      return;
    }
    report(event, 1, null);
    timer = setTimeout(flush, everyMs);
    timer.unref();
  };
}
