import { useMemo, type ReactElement } from 'react';
import { Alert, Button, Descriptions, Space, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { RecordingView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { EChart } from '../chart/EChart';
import { deviceErrorText } from '../commands/commandStates';
import { epochText } from '../commands/epochText';
import { LoadFailed } from '../LoadFailed';
import { useNumberFormat } from '../../lib/numberFormat';
import { saveFile } from '../../lib/saveFile';
import { exportRecording, useRecording } from './api';
import { RecordingTestId } from './testIds';
import { waveformOption } from './waveformOption';

/** The chart of a recording's waveforms: every channel, zoom, cursor values, the trigger marked. */
function Waveforms({ recording }: { recording: RecordingView }): ReactElement {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      waveformOption(recording, { time: t('recordingWeb.timeAxis'), trigger: t('recordingWeb.triggerMark') }),
    [recording, t],
  );
  return <EChart option={option} height={380} testId={RecordingTestId.chart} />;
}

/**
 * One recording (SPEC §3, §4): its configuration and what the inverter reported, the waveforms once it
 * answered (followed while it records), its error when it failed, and the CSV download.
 */
export function RecordingViewer({ id }: { id: number }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const query = useRecording(id);
  const exporting = useMutation({ mutationFn: () => exportRecording(id), onSuccess: saveFile });
  if (query.data === undefined)
    return query.isError ? <LoadFailed title={t('recordingWeb.loadFailed')} query={query} /> : <Spin />;
  const r = query.data;
  const trigger =
    r.trigger === 'LEVEL'
      ? t('recordingWeb.trigger.levelAt', { level: r.triggerLevel ?? '-' })
      : r.faultCode === null
        ? t('recordingWeb.trigger.FAULT')
        : t('recordingWeb.trigger.faultCode', { code: r.faultCode });
  return (
    <Space
      orientation="vertical"
      size={12}
      style={{ width: '100%' }}
      data-testid={RecordingTestId.viewer}
      data-state={r.state}
    >
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('recordingWeb.mode')}>
          {t(`recordingWeb.mode.${r.mode}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordingWeb.source')}>
          {t(`recordingWeb.source.${r.source}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordingWeb.trigger')}>{trigger}</Descriptions.Item>
        <Descriptions.Item label={t('recordingWeb.startedAt')}>{epochText(r.startedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('recordingWeb.samplingPeriod')}>
          {fmt.fixedUnit(r.samplingPeriodMs, 0, 'ms')}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordingWeb.delay')}>
          {fmt.fixedUnit(r.delayMs, 0, 'ms')}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordingWeb.triggerAddress')}>{r.triggerAddress}</Descriptions.Item>
        <Descriptions.Item label={t('recordingWeb.triggerValue')}>
          {r.triggerValue === null ? '-' : String(r.triggerValue)}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordingWeb.zoom')}>{String(r.zoom)}</Descriptions.Item>
      </Descriptions>
      {r.state === 'RECORDING' && (
        <Space>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('recordingWeb.waiting')}</Typography.Text>
        </Space>
      )}
      {r.state === 'FAILED' && (
        <Alert
          type="error"
          showIcon
          title={t('recordingWeb.failed')}
          description={deviceErrorText(t, r.error)}
        />
      )}
      {r.state === 'DONE' && r.channels.length > 0 && <Waveforms recording={r} />}
      {r.state === 'DONE' && (
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid={RecordingTestId.exportCsv}
        >
          {t('recordingWeb.exportCsv')}
        </Button>
      )}
    </Space>
  );
}
