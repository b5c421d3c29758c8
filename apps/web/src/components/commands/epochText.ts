import { formatLocalDateTime } from '../../lib/time';

/** An epoch-ms time of a command or setting in the SPEC §9 default pattern at the browser's offset; '-' for none. */
export function epochText(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '-' : formatLocalDateTime(new Date(ms).toISOString());
}
