import type { ReactElement } from 'react';
import { Alert } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FollowedCommands } from '../commands/api';
import { COMMAND_STATE_LABEL, deviceErrorText, phaseOf } from '../commands/commandStates';
import { RemoteTestId } from './testIds';

/**
 * Where a remote call stands, in one line: waiting for the device (the state so far, followed until it
 * ends), done (`doneText`), failed with the device's reason translated, or expired unanswered.
 */
export function OutcomeNotice({
  outcome,
  doneText,
}: {
  outcome: Pick<FollowedCommands, 'state' | 'commands'>;
  doneText?: string;
}): ReactElement | null {
  const { t } = useTranslation();
  const phase = phaseOf(outcome.state);
  const common = { showIcon: true, 'data-testid': RemoteTestId.remoteOutcome, 'data-phase': phase };
  switch (phase) {
    case 'waiting':
      return (
        <Alert
          {...common}
          type="info"
          icon={<LoadingOutlined />}
          title={t('remoteSettings.outcome.waiting')}
          description={t('remoteSettings.outcome.waitingState', {
            state: t(COMMAND_STATE_LABEL[outcome.state]),
          })}
        />
      );
    case 'done':
      return doneText === undefined ? null : <Alert {...common} type="success" title={doneText} />;
    case 'failed': {
      const failed = outcome.commands.find((c) => c.state === 'FAILED');
      return (
        <Alert
          {...common}
          type="error"
          title={t('remoteSettings.outcome.failed')}
          description={deviceErrorText(t, failed?.error ?? null, failed?.detail)}
        />
      );
    }
    case 'expired':
      return <Alert {...common} type="warning" title={t('remoteSettings.outcome.expired')} />;
  }
}
