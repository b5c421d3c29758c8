import { useState, type ReactElement } from 'react';
import { Alert, Button, Card, Form, Select, Space, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { IvLimits, Perm } from '@sunfleet/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPageCard } from '../../components/ListPage';
import { usePermitted } from '../../components/Permitted';
import { StationSelect } from '../../components/StationSelect';
import type { PageProps } from '../../lib/page';
import { usePvStringsOf } from '../../components/pv-strings/api';
import { stringName } from '../../components/pv-strings/stringName';
import { startIvScan, useStationInverters } from './api';
import { ivTaskPath } from './ivPaths';
import { IvTaskDetail } from './IvTaskDetail';
import { scanBody, stringChoices, stringKey, type NewScanForm } from './newScanForm';
import { ScanConditions } from './ScanConditions';
import { IvTestId } from './testIds';

const EMPTY: NewScanForm = { stationId: undefined, deviceIds: [], strings: [] };

/**
 * New IV curve (`/operation/iv/new`): a station, its inverters and optionally some of their strings; the
 * irradiance and local time at the station with SPEC §9's warnings; the scan sent as iv.scan, then the
 * task's curves as they arrive.
 */
export function NewIvScanPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const mayScan = usePermitted([Perm.ivScan]);
  const [form, setForm] = useState<NewScanForm>(EMPTY);
  const [taskId, setTaskId] = useState<string | null>(null);
  const inverters = useStationInverters(form.stationId);
  const stored = usePvStringsOf(form.deviceIds);
  const choices = stringChoices(stored.map((q) => q.data?.strings ?? []));
  const withoutStrings = form.deviceIds.filter((_, k) => stored[k]?.data?.strings.length === 0);
  const body = scanBody(form);
  const send = useMutation({
    mutationFn: () => (body === null ? Promise.reject(new Error('incomplete')) : startIvScan(body)),
    onSuccess: (task) => setTaskId(task.id),
  });
  const patch = (next: Partial<NewScanForm>): void => setForm((f) => ({ ...f, ...next }));
  const snOf = (id: number): string => inverters.data?.find((d) => d.id === id)?.sn ?? String(id);

  return (
    <ListPageCard testId={IvTestId.newPage} title={t(meta.title)}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="vertical" disabled={send.isPending} style={{ maxWidth: 760 }}>
          <Form.Item label={t('ivWeb.column.station')} required>
            <StationSelect
              value={form.stationId}
              onChange={(stationId) => patch({ stationId, deviceIds: [], strings: [] })}
              allowClear={false}
              width="100%"
              testId={IvTestId.newStation}
            />
          </Form.Item>
          {form.stationId !== undefined && (
            <Form.Item>
              <ScanConditions stationId={form.stationId} />
            </Form.Item>
          )}
          <Form.Item label={t('ivWeb.inverters', { max: IvLimits.devicesMax })} required>
            <Select<number[]>
              mode="multiple"
              allowClear
              disabled={form.stationId === undefined}
              showSearch={{ optionFilterProp: 'label' }}
              value={form.deviceIds}
              loading={inverters.isFetching}
              maxCount={IvLimits.devicesMax}
              onChange={(deviceIds) => patch({ deviceIds, strings: [] })}
              options={(inverters.data ?? []).map((d) => ({
                value: d.id,
                label: d.name === null ? `${d.sn} · ${d.model}` : `${d.sn} · ${d.name}`,
              }))}
              notFoundContent={inverters.isFetching ? undefined : t('ivWeb.noInverters')}
              data-testid={IvTestId.newInverters}
            />
          </Form.Item>
          <Form.Item label={t('ivWeb.stringsField')} extra={t('ivWeb.stringsHint')}>
            <Select<string[]>
              mode="multiple"
              allowClear
              disabled={form.deviceIds.length === 0}
              value={form.strings}
              placeholder={t('ivWeb.allStrings')}
              onChange={(strings) => patch({ strings })}
              maxCount={IvLimits.stringsMax}
              options={choices.map((s) => ({ value: stringKey(s), label: stringName(t, s) }))}
              data-testid={IvTestId.newStrings}
            />
          </Form.Item>
          {withoutStrings.length > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('ivWeb.withoutStrings', { sns: withoutStrings.map(snOf).join(', ') })}
            />
          )}
          {!mayScan && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('ivWeb.mayNotScan')} />
          )}
          <Space wrap>
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              disabled={body === null || !mayScan}
              loading={send.isPending}
              onClick={() => !send.isPending && send.mutate()}
              data-testid={IvTestId.newSubmit}
            >
              {t('ivWeb.send')}
            </Button>
            {send.isPending && <Typography.Text type="secondary">{t('ivWeb.sending')}</Typography.Text>}
          </Space>
        </Form>
      </Card>
      {taskId !== null && (
        <Card
          size="small"
          title={t('ivWeb.taskTitle')}
          extra={<Link to={ivTaskPath(taskId)}>{t('ivWeb.openInList')}</Link>}
        >
          <IvTaskDetail key={taskId} id={taskId} />
        </Card>
      )}
    </ListPageCard>
  );
}
