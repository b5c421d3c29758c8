import { useState, type ReactElement } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Limits, Perm, RemoteLimits, type RegisterTestView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { DataTable } from '../../components/DataTable';
import { ListPageCard } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { translatedName } from '../../components/remote/RegisterGroupTable';
import { RemoteTestId } from '../../components/remote/testIds';
import type { PageProps } from '../../lib/page';
import { usePaging } from '../../lib/paging';
import { queryClient } from '../../lib/queryClient';
import {
  registerTestKeys,
  runRegisterTest,
  useDefinition,
  useDeviceModels,
  useModelDevices,
  useRegisterTests,
} from './api';
import { RegisterTestResult } from './RegisterTestResult';
import {
  registerSetText,
  registerTestBody,
  registerTestProblem,
  type RegisterTestForm,
} from './registerTestForm';

const EMPTY: RegisterTestForm = {
  model: undefined,
  deviceIds: [],
  mode: 'keys',
  keys: [],
  address: '',
  count: 1,
};

/** The run form: a model, its devices (searched by SN), registers by key or a raw range. */
function RunForm({ onRun }: { onRun: (test: RegisterTestView) => void }): ReactElement {
  const { t } = useTranslation();
  const [form, setForm] = useState<RegisterTestForm>(EMPTY);
  const [sn, setSn] = useState('');
  const models = useDeviceModels();
  const model = models.data?.find((m) => m.model === form.model);
  const definition = useDefinition(model?.definitionId ?? null);
  const devices = useModelDevices(model, sn);
  const problem = registerTestProblem(form);
  const run = useMutation({
    mutationFn: () => runRegisterTest(registerTestBody(form)),
    onSuccess: (test) => {
      onRun(test);
      void queryClient.invalidateQueries({ queryKey: registerTestKeys.all });
    },
  });
  const patch = (next: Partial<RegisterTestForm>): void => setForm((f) => ({ ...f, ...next }));

  return (
    <Card size="small" title={t('registerTestPage.new')} style={{ marginBottom: 16 }}>
      <Form layout="vertical" disabled={run.isPending} style={{ maxWidth: 760 }}>
        <Form.Item label={t('registerTestPage.model')} required>
          <Select<string>
            showSearch={{ optionFilterProp: 'label' }}
            value={form.model}
            loading={models.isFetching}
            onChange={(value) => patch({ model: value, deviceIds: [], keys: [] })}
            options={(models.data ?? [])
              .filter((m) => m.deviceType !== 'GATEWAY')
              .map((m) => ({ value: m.model, label: `${m.model} · ${m.manufacturer}` }))}
            data-testid={RemoteTestId.registerTestModel}
          />
        </Form.Item>
        <Form.Item
          label={t('registerTestPage.devices', { max: RemoteLimits.registerTestDevicesMax })}
          extra={t('registerTestPage.devicesHint')}
          required
        >
          <Select<number[]>
            mode="multiple"
            allowClear
            disabled={model === undefined}
            showSearch={{ filterOption: false, onSearch: setSn }}
            value={form.deviceIds}
            loading={devices.isFetching}
            onChange={(ids) => patch({ deviceIds: ids })}
            options={(devices.data ?? []).map((d) => ({
              value: d.id,
              label: d.stationName === null ? d.sn : `${d.sn} · ${d.stationName}`,
            }))}
            maxCount={RemoteLimits.registerTestDevicesMax}
            data-testid={RemoteTestId.registerTestDevices}
          />
        </Form.Item>
        <Form.Item label={t('registerTestPage.registers')} required>
          <Radio.Group
            value={form.mode}
            onChange={(e) => patch({ mode: e.target.value as RegisterTestForm['mode'] })}
            options={[
              { value: 'keys', label: t('registerTestPage.mode.keys') },
              { value: 'raw', label: t('registerTestPage.mode.raw') },
            ]}
            data-testid={RemoteTestId.registerTestMode}
          />
        </Form.Item>
        {form.mode === 'keys' ? (
          <Form.Item>
            <Select<string[]>
              mode="multiple"
              allowClear
              disabled={model === undefined}
              showSearch={{ optionFilterProp: 'label' }}
              value={form.keys}
              loading={definition.isFetching}
              onChange={(keys) => patch({ keys })}
              maxCount={RemoteLimits.registerTestKeysMax}
              options={(definition.data?.registers ?? []).map((r) => ({
                value: r.key,
                label: `${translatedName(t, r.nameKey, r.key)} (${r.key})`,
              }))}
              data-testid={RemoteTestId.registerTestKeys}
            />
          </Form.Item>
        ) : (
          <Space wrap>
            <Form.Item label={t('remoteSettings.raw.address')}>
              <Input
                value={form.address}
                placeholder="0x9C40"
                maxLength={2 + Limits.hexInputMaxDigits}
                style={{ width: 120 }}
                onChange={(e) => patch({ address: e.target.value })}
                data-testid={RemoteTestId.registerTestAddress}
              />
            </Form.Item>
            <Form.Item label={t('remoteSettings.raw.count')}>
              <InputNumber<number>
                min={1}
                max={RemoteLimits.readCountMax}
                precision={0}
                value={form.count}
                onChange={(v) => patch({ count: v ?? 1 })}
                data-testid={RemoteTestId.registerTestCount}
              />
            </Form.Item>
          </Space>
        )}
        {problem !== null && form.model !== undefined && (
          <Alert type="info" showIcon title={t(problem)} style={{ marginBottom: 12 }} />
        )}
        <Button
          type="primary"
          icon={<PlayCircleOutlined />}
          disabled={problem !== null}
          loading={run.isPending}
          onClick={() => !run.isPending && run.mutate()}
          data-testid={RemoteTestId.registerTestRun}
        >
          {t('registerTestPage.run')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Batch register test (back office, docs/remote.md "Screens"): the same registers read from many devices
 * of one model at once; the result per device, its XLSX export, and the earlier tests.
 */
export function RegisterTestPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(null);
  const paging = usePaging(10);
  const tests = useRegisterTests(paging.page);
  const columns: TableColumnsType<RegisterTestView> = [
    { title: t('registerTestPage.column.time'), dataIndex: 'createdAt', render: (v: number) => epochText(v) },
    { title: t('registerTestPage.model'), dataIndex: 'model' },
    { title: t('registerTestPage.registers'), key: 'set', render: (_: unknown, v) => registerSetText(v) },
    { title: t('registerTestPage.column.devices'), dataIndex: 'deviceCount' },
    {
      title: t('registerTestPage.column.outcome'),
      key: 'outcome',
      render: (_: unknown, v) =>
        t('registerTestPage.column.outcomeText', { done: v.done, failed: v.failed, open: v.open }),
    },
    {
      title: t('registerTestPage.column.by'),
      dataIndex: 'createdBy',
      render: (v: string | null) => v ?? '-',
    },
    {
      title: '',
      key: 'open',
      render: (_: unknown, v) => (
        <Typography.Link onClick={() => setOpenId(v.id)}>{t('registerTestPage.open')}</Typography.Link>
      ),
    },
  ];
  return (
    <ListPageCard testId={RemoteTestId.registerTestPage} title={t(meta.title)}>
      <Permitted codes={[Perm.registerTestRun]}>
        <RunForm onRun={(test) => setOpenId(test.id)} />
      </Permitted>
      {openId !== null && (
        <div style={{ marginBottom: 16 }}>
          <RegisterTestResult key={openId} id={openId} />
        </div>
      )}
      <Typography.Title level={5}>{t('registerTestPage.history')}</Typography.Title>
      <DataTable<RegisterTestView>
        query={tests}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={RemoteTestId.registerTestHistory}
      />
    </ListPageCard>
  );
}
