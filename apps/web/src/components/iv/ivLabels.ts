// An IV scan's task state (SPEC §4 scan status) and a string's verdict as words and tag colours: shared by
// the IV screens and the alarm drawer, which shows the scan started for a string alarm.
import type { IvTaskState, IvVerdict } from '@sunfleet/contracts';

/** SPEC §4 scan status as tags: scanning (blue, moving), complete, unfinished, failed. */
export const TASK_STATE_LABEL: Record<IvTaskState, string> = {
  SCANNING: 'ivWeb.state.SCANNING',
  COMPLETE: 'ivWeb.state.COMPLETE',
  UNFINISHED: 'ivWeb.state.UNFINISHED',
  FAILED: 'ivWeb.state.FAILED',
};

export const TASK_STATE_COLOR: Record<IvTaskState, string> = {
  SCANNING: 'processing',
  COMPLETE: 'success',
  UNFINISHED: 'warning',
  FAILED: 'error',
};

export const VERDICT_LABEL: Record<IvVerdict, string> = {
  NORMAL: 'ivWeb.verdict.NORMAL',
  OPEN_STRING: 'ivWeb.verdict.OPEN_STRING',
  BYPASS_DIODE_FAILED: 'ivWeb.verdict.BYPASS_DIODE_FAILED',
  SHADING: 'ivWeb.verdict.SHADING',
  MISMATCH: 'ivWeb.verdict.MISMATCH',
  DEGRADATION: 'ivWeb.verdict.DEGRADATION',
  NOT_JUDGEABLE: 'ivWeb.verdict.NOT_JUDGEABLE',
};

/** Green for a healthy string, red for one that makes (almost) nothing, orange for a loss, grey when unjudged. */
export const VERDICT_COLOR: Record<IvVerdict, string> = {
  NORMAL: 'success',
  OPEN_STRING: 'error',
  BYPASS_DIODE_FAILED: 'volcano',
  SHADING: 'warning',
  MISMATCH: 'orange',
  DEGRADATION: 'magenta',
  NOT_JUDGEABLE: 'default',
};
