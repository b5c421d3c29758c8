import { useState, type ReactElement } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Input,
  Select,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Perm } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { DataTable } from '../../components/DataTable';
import { Permitted } from '../../components/Permitted';
import { usePaging } from '../../lib/paging';
import { saveFile } from '../../lib/saveFile';
import { formatLocalDateTime } from '../../lib/time';
import { TestId } from '../../testids';
import { exportLog, useLog, type AuditEntry, type LogFilters } from './api';
import { LOG_RESULTS, auditActionLabel, logResultLabel } from './logLabels';
import { LogUserSelect } from './LogUserSelect';
import { QUICK_RANGES, lastDays, rangeParams } from './logRanges';

type Range = [Dayjs, Dayjs];

const STATUS_OK = 200;

/** Who acted: the session's user, else the account name a login attempt gave (kept in the detail). */
function actorOf(entry: AuditEntry): string | null {
  if (entry.username !== null) return entry.username;
  const named = entry.detail?.username;
  return typeof named === 'string' ? named : null;
}

function DetailView({ entry }: { entry: AuditEntry }): ReactElement {
  // JSON.stringify + a <pre> text node: whatever a user typed into the detail stays text.
  return <pre className="log-detail">{JSON.stringify(entry.detail ?? {}, null, 2)}</pre>;
}

/**
 * Log management (SPEC §2): the audit trail of every write in the caller's scope, filtered by time range
 * (with the SPEC §9 quick ranges), action, user and status; exported as XLSX with the same filters.
 */
export function LogPage({ meta }: PageProps): ReactElement {
  const { t, i18n } = useTranslation();
  const exists = (key: string): boolean => i18n.exists(key);
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [action, setAction] = useState('');
  const [userId, setUserId] = useState<number>();
  const [status, setStatus] = useState<number>();
  const [range, setRange] = useState<Range | null>(null);
  const filters: LogFilters = { keyword, action, userId, status, ...rangeParams(range) };
  const log = useLog(filters, paging.page);
  const exporting = useMutation({
    mutationFn: () => exportLog(filters, `audit-log-${new Date().toISOString().slice(0, 10)}.xlsx`),
    onSuccess: saveFile,
  });
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T): void => {
      set(value);
      paging.reset();
    };

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('system.log.at'), dataIndex: 'at', render: (v: string) => formatLocalDateTime(v) },
    { title: t('system.log.user'), key: 'user', render: (_, e) => actorOf(e) ?? t('system.log.anonymous') },
    {
      title: t('system.log.action'),
      dataIndex: 'action',
      // The words, with the recorded name on hover (it is what the action filter matches).
      render: (v: string) => (
        <Tooltip title={v}>
          <span data-testid={TestId.logActionCell} data-action={v}>
            {auditActionLabel(v, t, exists)}
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('system.log.target'),
      key: 'target',
      render: (_, e) =>
        e.targetType === null ? '-' : `${e.targetType}${e.targetId === null ? '' : ` #${e.targetId}`}`,
    },
    {
      title: t('system.log.clientAddress'),
      dataIndex: 'clientAddress',
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('system.log.status'),
      dataIndex: 'status',
      render: (v: number) => (
        <Tooltip title={String(v)}>
          <Tag color={v === STATUS_OK ? 'green' : 'red'} data-testid={TestId.logResult} data-status={v}>
            {logResultLabel(v, t)}
          </Tag>
        </Tooltip>
      ),
    },
    { title: t('system.log.requestId'), dataIndex: 'requestId', render: (v: string | null) => v ?? '-' },
  ];

  const toolbar = (
    <>
      <DatePicker.RangePicker
        showTime
        value={range}
        onChange={(value) => filtered(setRange)(value === null ? null : ([value[0], value[1]] as Range))}
        presets={QUICK_RANGES.map((r) => ({ label: t(r.key), value: () => lastDays(r.days) }))}
        data-testid={TestId.logRange}
      />
      <Input.Search
        allowClear
        placeholder={t('system.log.actionPlaceholder')}
        onSearch={filtered(setAction)}
        style={{ width: 200 }}
        data-testid={TestId.logAction}
      />
      <LogUserSelect value={userId} onChange={filtered(setUserId)} />
      <Select<number>
        allowClear
        placeholder={t('system.log.status')}
        value={status}
        onChange={filtered(setStatus)}
        options={LOG_RESULTS.map((s) => ({ value: s, label: logResultLabel(s, t) }))}
        style={{ width: 160 }}
      />
      <Input.Search
        allowClear
        placeholder={t('system.log.searchPlaceholder')}
        onSearch={filtered(setKeyword)}
        style={{ width: 220 }}
        data-testid={TestId.listKeyword}
      />
      <div className="list-toolbar-spacer" />
      <Permitted codes={[Perm.logExport]}>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid={TestId.logExport}
        >
          {t('system.log.export')}
        </Button>
      </Permitted>
    </>
  );

  return (
    <Card className="page-card" data-testid={TestId.logPage}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {t(meta.title)}
      </Typography.Title>
      <DataTable<AuditEntry>
        query={log}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={TestId.logTable}
        toolbar={toolbar}
        expandable={{
          expandedRowRender: (entry) => <DetailView entry={entry} />,
          rowExpandable: (e) => e.detail !== null,
        }}
      />
    </Card>
  );
}
