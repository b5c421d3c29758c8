import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Select, Space, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Perm, TelemetryLimits } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Permitted } from '../../../components/Permitted';
import { saveFile } from '../../../lib/saveFile';
import { useNumberFormat } from '../../../lib/numberFormat';
import { TestId } from '../../../testids';
import { exportDeviceHistory, useDeviceHistory, type DeviceHistory } from '../api';
import { formatInZone, localDate, localDaysRange, zoneLabel } from '@sunfleet/domain';
import { measureText } from '../format';
import type { HistoryMeasure } from '../measures';

type Row = DeviceHistory['rows'][number];

/** Quick ranges that fit the history API's 31 days (SPEC §9 offers 7 and 30 days; 90 is too long here). */
export const HISTORY_QUICK_RANGES = [
  { key: 'deviceWeb.range.today', days: 1 },
  { key: 'deviceWeb.range.lastWeek', days: 7 },
  { key: 'deviceWeb.range.lastMonth', days: 30 },
] as const;

/** The last `days` local days up to and including today. */
export function lastDaysRange(days: number, today: string): [string, string] {
  const end = dayjs(today);
  return [end.subtract(days - 1, 'day').format('YYYY-MM-DD'), today];
}

/** Measures shown before the user chooses: the first four that have a history column. */
const DEFAULT_COLUMNS = 4;
const ROWS_PER_PAGE = 50;

/**
 * Historical data of a device: a range of the station's days (quick ranges, at most 31 days), a column
 * chooser of its measures, the readings as a table, and "Export" of the same measures and range as XLSX.
 */
export function HistoryPanel({
  deviceId,
  sn,
  timeZone,
  measures,
}: {
  deviceId: number;
  sn: string;
  timeZone: string;
  measures: readonly HistoryMeasure[];
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const today = localDate(Date.now(), timeZone);
  const [days, setDays] = useState<[string, string]>(() => [today, today]);
  const [chosen, setChosen] = useState<string[]>(() => measures.slice(0, DEFAULT_COLUMNS).map((m) => m.key));
  const shown = measures.filter((m) => chosen.includes(m.key));
  const range = useMemo(() => localDaysRange(days[0], days[1], timeZone), [days, timeZone]);
  const history = useDeviceHistory(
    deviceId,
    shown.length === 0 ? null : range,
    shown.map((m) => m.column),
  );
  const exporting = useMutation({
    mutationFn: () =>
      exportDeviceHistory(
        deviceId,
        range,
        shown.map((m) => m.key),
        `${sn}-${days[0]}-${days[1]}.xlsx`,
      ),
    onSuccess: saveFile,
  });

  const columns: TableColumnsType<Row> = [
    {
      title: t('deviceWeb.timeIn', { zone: zoneLabel(timeZone) }),
      dataIndex: 'ts',
      fixed: 'left',
      render: (ts: number) => formatInZone(ts, timeZone),
    },
    ...shown.map((m) => ({
      title: t(m.nameKey),
      key: m.key,
      render: (_: unknown, row: Row) => measureText(t, m, row.values[m.column] ?? null, fmt.locale),
    })),
  ];

  const toolbar = (
    <Space wrap>
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(days[0]), dayjs(days[1])]}
        disabledDate={(d: Dayjs, info) => {
          if (d.format('YYYY-MM-DD') > today) return true;
          const from = info?.from;
          return from !== undefined && Math.abs(d.diff(from, 'day')) >= TelemetryLimits.historyDaysMax;
        }}
        presets={HISTORY_QUICK_RANGES.map((r) => {
          const [first, last] = lastDaysRange(r.days, today);
          return { label: t(r.key), value: [dayjs(first), dayjs(last)] as [Dayjs, Dayjs] };
        })}
        onChange={(value) => {
          if (value?.[0] && value[1]) setDays([value[0].format('YYYY-MM-DD'), value[1].format('YYYY-MM-DD')]);
        }}
        data-testid={TestId.deviceHistoryRange}
      />
      <Select<string[]>
        mode="multiple"
        maxTagCount="responsive"
        placeholder={t('deviceWeb.columns')}
        value={chosen}
        onChange={setChosen}
        options={measures.map((m) => ({ value: m.key, label: t(m.nameKey) }))}
        style={{ minWidth: 240, maxWidth: '100%' }}
        data-testid={TestId.deviceHistoryColumns}
      />
      <Permitted codes={[Perm.historyExport]}>
        <Button
          icon={<DownloadOutlined />}
          disabled={shown.length === 0}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid={TestId.deviceExport}
        >
          {t('deviceWeb.export')}
        </Button>
      </Permitted>
    </Space>
  );

  let body: ReactElement;
  if (measures.length === 0) body = <Empty description={t('deviceWeb.noHistoryMeasures')} />;
  else if (shown.length === 0) body = <Empty description={t('deviceWeb.chooseColumns')} />;
  else if (history.isError && history.data === undefined)
    body = <LoadFailed title={t('deviceWeb.historyFailed')} query={history} />;
  else
    body = (
      <>
        {history.data?.truncated === true && (
          <Alert
            type="warning"
            showIcon
            title={t('deviceWeb.historyTruncated', { rows: TelemetryLimits.historyRowsMax })}
          />
        )}
        <Table<Row>
          size="small"
          rowKey="ts"
          columns={columns}
          dataSource={history.data?.rows ?? []}
          loading={history.isFetching}
          pagination={{ pageSize: ROWS_PER_PAGE, showSizeChanger: false }}
          locale={{ emptyText: <Empty description={t('deviceWeb.noReadings')} /> }}
          scroll={{ x: 'max-content' }}
        />
      </>
    );

  return (
    <Card
      title={t('deviceWeb.history')}
      data-testid={TestId.deviceHistory}
      data-state={history.isFetching ? 'loading' : 'ready'}
    >
      {toolbar}
      <div style={{ marginTop: 16 }} data-testid={TestId.deviceHistoryTable}>
        {body}
      </div>
    </Card>
  );
}
