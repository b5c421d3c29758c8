// The word for a value of an enumerated register (an operating state, a work mode, a switch): the protocol
// definition lists its values with translation keys (RegisterDefinition.values), so "Operating state 4"
// reads "Producing (MPPT)" for any definition that labels its values, built-in or not.
import type { RegisterValueLabel } from '@sunfleet/contracts';

export type DecodedValue =
  /** A value the definition names: show t(nameKey). */
  | { kind: 'label'; value: number; nameKey: string }
  /** A number the definition does not name (firmware newer than the definition): show it, marked unknown. */
  | { kind: 'unknown'; value: number };

/**
 * Decodes a reading of an enumerated register. Null when the register has no labels (a plain measure) or
 * the reading is empty or not a number.
 */
export function decodeEnum(
  labels: readonly RegisterValueLabel[] | undefined,
  reading: number | string | null | undefined,
): DecodedValue | null {
  if (labels === undefined || labels.length === 0) return null;
  if (reading === null || reading === undefined) return null;
  const value = typeof reading === 'number' ? reading : reading.trim() === '' ? Number.NaN : Number(reading);
  if (!Number.isFinite(value)) return null;
  const label = labels.find((l) => l.value === value);
  return label === undefined ? { kind: 'unknown', value } : { kind: 'label', value, nameKey: label.nameKey };
}
