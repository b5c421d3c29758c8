// The states of a device in an upgrade task as the screens show them (Upgrade management, firmware history).
import type { UpgradeDeviceState } from '@sunfleet/contracts';

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
