export { standardOffsetMinutes } from '@sunfleet/domain';

/**
 * IANA time zone checks. The accepted names are those of the runtime's ICU (Intl.supportedValuesOf), plus
 * their aliases: ICU lists some zones under an older canonical name (Node 20 lists Asia/Calcutta, not
 * Asia/Kolkata), so a name is also accepted when ICU resolves it to a listed zone or to UTC.
 */
const SUPPORTED = new Set(Intl.supportedValuesOf('timeZone'));
const BY_LOWER_CASE = new Map([...SUPPORTED].map((zone) => [zone.toLowerCase(), zone]));

/** The name to store for an IANA zone (listed spelling when it is listed), or null when it is not one. */
export function ianaTimeZone(name: string): string | null {
  const listed = BY_LOWER_CASE.get(name.toLowerCase());
  if (listed !== undefined) return listed;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return SUPPORTED.has(resolved) || resolved === 'UTC' ? name : null;
}
