import type { ReactElement } from 'react';
import { Button, Card, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { RegisterDefinition, RegisterTestRow } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import {
  COMMAND_STATE_COLOR,
  COMMAND_STATE_LABEL,
  deviceErrorText,
} from '../../components/commands/commandStates';
import { epochText } from '../../components/commands/epochText';
import { LoadFailed } from '../../components/LoadFailed';
import { translatedName } from '../../components/remote/RegisterGroupTable';
import { formatRegisterValue, spacedHex } from '../../components/remote/registerValues';
import { RemoteTestId } from '../../components/remote/testIds';
import { useNumberFormat } from '../../lib/numberFormat';
import { saveFile } from '../../lib/saveFile';
import { exportRegisterTest, useDefinition, useDeviceModels, useRegisterTest } from './api';
import { registerSetText } from './registerTestForm';

/** One test's result: a row per device with its state and the values read (by key, or the raw words). */
export function RegisterTestResult({ id }: { id: string }): ReactElement {
  const { t } = useTranslation();
  const { locale } = useNumberFormat();
  const test = useRegisterTest(id);
  const models = useDeviceModels();
  const model = models.data?.find((m) => m.model === test.data?.model);
  const definition = useDefinition(model?.definitionId ?? null);
  const exporting = useMutation({ mutationFn: () => exportRegisterTest(id), onSuccess: saveFile });

  if (test.data === undefined)
    return test.isError ? <LoadFailed title={t('registerTestPage.loadFailed')} query={test} /> : <Spin />;
  const view = test.data;
  const registers = new Map<string, RegisterDefinition>(
    (definition.data?.registers ?? []).map((r) => [r.key, r]),
  );

  const valueColumns: TableColumnsType<RegisterTestRow> =
    view.address !== null
      ? [
          {
            title: t('registerTestPage.column.hex'),
            dataIndex: 'hex',
            render: (hex: string | null) => spacedHex(hex),
          },
        ]
      : view.keys.map((key) => {
          const register = registers.get(key);
          return {
            title: register === undefined ? key : translatedName(t, register.nameKey, key),
            key,
            render: (_: unknown, row: RegisterTestRow) => {
              const value = row.values[key] ?? null;
              const text =
                register === undefined
                  ? value === null
                    ? '-'
                    : String(value)
                  : formatRegisterValue(t, register, value, locale);
              return register?.unit && value !== null ? `${text} ${register.unit}` : text;
            },
          };
        });
  const columns: TableColumnsType<RegisterTestRow> = [
    { title: t('registerTestPage.column.device'), dataIndex: 'deviceSn' },
    { title: t('registerTestPage.column.logger'), dataIndex: 'gatewaySn' },
    {
      title: t('registerTestPage.column.station'),
      dataIndex: 'stationName',
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('registerTestPage.column.state'),
      dataIndex: 'state',
      render: (state: RegisterTestRow['state']) => (
        <Tag color={COMMAND_STATE_COLOR[state]} data-state={state}>
          {t(COMMAND_STATE_LABEL[state])}
        </Tag>
      ),
    },
    ...valueColumns,
    {
      title: t('registerTestPage.column.error'),
      dataIndex: 'error',
      render: (error: string | null) =>
        error === null ? '-' : <Typography.Text type="danger">{deviceErrorText(t, error)}</Typography.Text>,
    },
  ];

  return (
    <Card
      size="small"
      title={`${view.model}: ${registerSetText(view)}`}
      data-testid={RemoteTestId.registerTestResult}
      data-open={view.open}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => !exporting.isPending && exporting.mutate()}
          data-testid={RemoteTestId.registerTestExport}
        >
          {t('registerTestPage.export')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text type="secondary">{epochText(view.createdAt)}</Typography.Text>
        <Tag color="success">{t('registerTestPage.count.done', { count: view.done })}</Tag>
        <Tag color="error">{t('registerTestPage.count.failed', { count: view.failed })}</Tag>
        {view.open > 0 && (
          <Tag color="processing">{t('registerTestPage.count.open', { count: view.open })}</Tag>
        )}
      </Space>
      <Table<RegisterTestRow>
        size="small"
        rowKey="deviceId"
        columns={columns}
        dataSource={view.rows}
        pagination={view.rows.length > 50 ? { pageSize: 50 } : false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
