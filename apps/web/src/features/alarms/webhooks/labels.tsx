import type { ReactElement } from 'react';
import { Tag, Tooltip } from 'antd';
import type { Webhook, WebhookDelivery } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { webhookState, type WebhookState } from './webhookForm';

const STATE_COLOR: Record<WebhookState, string> = {
  ON: 'success',
  FAILING: 'warning',
  OFF: 'default',
  DISABLED_BY_FAILURES: 'error',
};

/** On, failing (with the count), off, or switched off by the server after failures (with the reason). */
export function WebhookStateTag({ webhook }: { webhook: Webhook }): ReactElement {
  const { t } = useTranslation();
  const state = webhookState(webhook);
  const tag = (
    <Tag color={STATE_COLOR[state]} data-testid={TestId.webhookState} data-state={state}>
      {t(`webhooks.state.${state}`, { count: webhook.consecutiveFailures })}
    </Tag>
  );
  return state === 'DISABLED_BY_FAILURES' && webhook.disabledReason !== null ? (
    <Tooltip title={webhook.disabledReason}>{tag}</Tooltip>
  ) : (
    tag
  );
}

const DELIVERY_COLOR: Record<WebhookDelivery['state'], string> = {
  PENDING: 'processing',
  SENT: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};

export function DeliveryStateTag({ state }: { state: WebhookDelivery['state'] }): ReactElement {
  const { t } = useTranslation();
  return (
    <Tag color={DELIVERY_COLOR[state]} data-state={state}>
      {t(`webhooks.delivery.state.${state}`)}
    </Tag>
  );
}

/** The kind of a delivery: an alarm transition, or the test call. */
export function deliveryKindKey(kind: string): string {
  return kind === 'TEST' ? 'webhooks.delivery.test' : `alarms.event.${kind}`;
}
