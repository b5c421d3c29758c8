import type { UpgradeTaskState } from '@sunfleet/contracts';

/** Translation keys and tag colours of the task states (SPEC §4 upgrade task status and the controls'). */
export const TASK_STATE_LABEL: Record<UpgradeTaskState, string> = {
  WAITING: 'upgradeWeb.state.WAITING',
  RUNNING: 'upgradeWeb.state.RUNNING',
  PAUSED: 'upgradeWeb.state.PAUSED',
  COMPLETE: 'upgradeWeb.state.COMPLETE',
  FAILED: 'upgradeWeb.state.FAILED',
  CANCELLED: 'upgradeWeb.state.CANCELLED',
};
export const TASK_STATE_COLOR: Record<UpgradeTaskState, string> = {
  WAITING: 'default',
  RUNNING: 'processing',
  PAUSED: 'warning',
  COMPLETE: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
