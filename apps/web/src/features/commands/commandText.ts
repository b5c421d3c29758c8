// How a command's parameters and life read in the command centre: a one-line summary of the params for
// the table, and the timeline (created → sent → acknowledged → done / failed / expired) for the drawer.
import type { CommandState, CommandView } from '@sunfleet/contracts';

const VALUE_MAX = 40;
const SUMMARY_MAX = 120;

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'number') {
    // Register addresses read better with their hex form, as the register screens show them.
    return key === 'address' && Number.isInteger(value) && value >= 0
      ? `${String(value)} (0x${value.toString(16).toUpperCase().padStart(4, '0')})`
      : String(value);
  }
  if (typeof value === 'string') return shorten(value, VALUE_MAX);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${String(value.length)}]`;
  return '{…}';
}

/**
 * The params of a command on one line, in the order sent: `address: 40123 (0x9CBB), hex: 0064`. Arrays
 * show their length, objects as {…}, long strings cut; the drawer shows them whole.
 */
export function paramsSummary(params: Record<string, unknown>): string {
  const parts = Object.entries(params).map(([key, value]) => `${key}: ${valueText(key, value)}`);
  return parts.length === 0 ? '-' : shorten(parts.join(', '), SUMMARY_MAX);
}

export type TimelineStage = 'created' | 'sent' | 'acknowledged' | 'DONE' | 'FAILED' | 'EXPIRED';

export interface TimelineStep {
  stage: TimelineStage;
  /** Epoch ms; null when not reached (yet). */
  at: number | null;
}

type TimelineSource = Pick<
  CommandView,
  'state' | 'createdAt' | 'sentAt' | 'acknowledgedAt' | 'finishedAt' | 'expiresAt'
>;

/**
 * The command's way so far and ahead: created, sent, acknowledged, then its end. An open command ends in
 * DONE (not reached yet); a command that expired before being sent skips the steps it never reached.
 */
export function timelineOf(command: TimelineSource): TimelineStep[] {
  const end: CommandState = command.state;
  const finalStage: TimelineStage = end === 'FAILED' || end === 'EXPIRED' ? end : 'DONE';
  const finished = end === 'DONE' || end === 'FAILED' || end === 'EXPIRED';
  const steps: TimelineStep[] = [{ stage: 'created', at: command.createdAt }];
  if (!finished || command.sentAt !== null) steps.push({ stage: 'sent', at: command.sentAt });
  if (!finished || command.acknowledgedAt !== null)
    steps.push({ stage: 'acknowledged', at: command.acknowledgedAt });
  const endAt = finished ? (command.finishedAt ?? (end === 'EXPIRED' ? command.expiresAt : null)) : null;
  steps.push({ stage: finalStage, at: endAt });
  return steps;
}

/** Pretty JSON for the drawer (params, result); '-' for nothing. */
export function jsonText(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return JSON.stringify(value, null, 2);
}
