import type { UpgradeDeviceState, UpgradeTaskState } from '@sunfleet/contracts';

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

export const DEVICE_STATE_LABEL: Record<UpgradeDeviceState, string> = {
  WAITING: 'upgradeWeb.device.WAITING',
  SENT: 'upgradeWeb.device.SENT',
  UPGRADING: 'upgradeWeb.device.UPGRADING',
  WATCHING: 'upgradeWeb.device.WATCHING',
  DONE: 'upgradeWeb.device.DONE',
  FAILED: 'upgradeWeb.device.FAILED',
  SKIPPED: 'upgradeWeb.device.SKIPPED',
};
export const DEVICE_STATE_COLOR: Record<UpgradeDeviceState, string> = {
  WAITING: 'default',
  SENT: 'processing',
  UPGRADING: 'processing',
  WATCHING: 'cyan',
  DONE: 'success',
  FAILED: 'error',
  SKIPPED: 'default',
};
