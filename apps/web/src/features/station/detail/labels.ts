import type { NotifyType } from './subscriptionForm';

// Translation keys and colours of the value sets the station detail screen shows (statuses:
// components/StatusTag; station types: lib/labels, the same words as the list; alarms: components/alarms).

export const NOTIFY_TYPE_LABEL: Record<NotifyType, string> = {
  REAL_TIME: 'stationDetail.subscription.REAL_TIME',
  FIXED_TIME: 'stationDetail.subscription.FIXED_TIME',
  ESCALATION: 'stationDetail.subscription.ESCALATION',
};
