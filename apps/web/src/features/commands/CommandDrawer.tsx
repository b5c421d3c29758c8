import type { ReactElement } from 'react';
import { Descriptions, Drawer, Grid, Spin, Tag, Timeline, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../components/commands/api';
import {
  COMMAND_STATE_COLOR,
  COMMAND_STATE_LABEL,
  commandNameKey,
  deviceErrorText,
} from '../../components/commands/commandStates';
import { epochText } from '../../components/commands/epochText';
import { RemoteTestId } from '../../components/remote/testIds';
import { jsonText, timelineOf, type TimelineStage } from './commandText';

const STAGE_COLOR: Record<TimelineStage, string> = {
  created: 'gray',
  sent: 'blue',
  acknowledged: 'blue',
  DONE: 'green',
  FAILED: 'red',
  EXPIRED: 'orange',
};

function JsonBlock({ value }: { value: unknown }): ReactElement {
  const { token } = theme.useToken();
  return (
    <pre
      style={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        background: token.colorFillTertiary,
        borderRadius: token.borderRadiusSM,
        padding: token.paddingXS,
        fontSize: token.fontSizeSM,
      }}
    >
      {jsonText(value)}
    </pre>
  );
}

/** One command: who asked what, its params and result as JSON, and its timeline sent → acknowledged → end. */
export function CommandDrawer({ id, onClose }: { id: string | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const command = useCommand(id);
  const c = command.data;
  const nameKey = c === undefined ? null : commandNameKey(c.name);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={screens.md === false ? '100%' : 640}
      title={c === undefined ? t('commandCentre.drawer.title') : nameKey === null ? c.name : t(nameKey)}
      data-testid={RemoteTestId.commandDrawer}
    >
      {c === undefined ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('commandCentre.column.state')}>
              <Tag
                color={COMMAND_STATE_COLOR[c.state]}
                data-testid={RemoteTestId.commandState}
                data-state={c.state}
              >
                {t(COMMAND_STATE_LABEL[c.state])}
              </Tag>
            </Descriptions.Item>
            {c.error !== null && (
              <Descriptions.Item label={t('commandCentre.column.error')}>
                <Typography.Text type="danger">{deviceErrorText(t, c.error)}</Typography.Text>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('commandCentre.column.station')}>
              {c.stationName ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('commandCentre.column.logger')}>{c.gatewaySn}</Descriptions.Item>
            <Descriptions.Item label={t('commandCentre.column.device')}>
              {c.deviceSn ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('commandCentre.column.who')}>{c.createdBy ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('commandCentre.drawer.expiresAt')}>
              {epochText(c.expiresAt)}
            </Descriptions.Item>
            {c.retryOf !== null && (
              <Descriptions.Item label={t('commandCentre.drawer.retryOf')}>
                <Typography.Text code>{c.retryOf}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('commandCentre.drawer.timeline')}
          </Typography.Title>
          <Timeline
            data-testid={RemoteTestId.commandTimeline}
            items={timelineOf(c).map((step) => ({
              key: step.stage,
              color: step.at === null ? 'gray' : STAGE_COLOR[step.stage],
              title: t(`commandCentre.stage.${step.stage}`),
              content: step.at === null ? t('commandCentre.stage.notYet') : epochText(step.at),
            }))}
          />
          <Typography.Title level={5}>{t('commandCentre.drawer.params')}</Typography.Title>
          <JsonBlock value={c.params} />
          <Typography.Title level={5}>{t('commandCentre.drawer.result')}</Typography.Title>
          <JsonBlock value={c.result} />
        </>
      )}
    </Drawer>
  );
}
