import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Button, Checkbox, Select, Table, Typography, theme, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RegisterDataTypes, type RegisterDataType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import type { DisplayGroup } from './api';
import { nameOf } from './labels';
import { CellFrame, ColumnCell, NumberCell, TextCell, readOnlyColumns } from './RegisterCells';
import {
  RegisterLimits,
  emptyDraft,
  withDataType,
  type RegisterCheck,
  type RegisterDraft,
  type RowIssues,
} from './registerValidation';

export interface RegisterTableProps {
  rows: RegisterDraft[];
  check: RegisterCheck;
  groups: DisplayGroup[];
  readOnly: boolean;
  onChange: (rows: RegisterDraft[]) => void;
}

/**
 * The register map of a definition: read-only for built-in definitions and roles without the update
 * permission, otherwise an editable grid whose cells show their problem underneath and whose rows turn
 * red when their address range overlaps another row.
 */
export function RegisterTable({ rows, check, groups, readOnly, onChange }: RegisterTableProps): ReactElement {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const frame = useRef<HTMLDivElement>(null);
  // A row just added sits below the scrolled area: bring it into view and put the cursor in its key.
  const [added, setAdded] = useState<string>();
  useEffect(() => {
    if (added === undefined) return;
    const input = frame.current?.querySelector<HTMLInputElement>(`tr[data-row-key="${added}"] input`);
    input?.scrollIntoView({ block: 'nearest' });
    input?.focus();
    setAdded(undefined);
  }, [added]);
  const patch = (rowId: string, changes: Partial<RegisterDraft>): void =>
    onChange(rows.map((r) => (r.rowId === rowId ? { ...r, ...changes } : r)));
  const replace = (row: RegisterDraft): void => onChange(rows.map((r) => (r.rowId === row.rowId ? row : r)));
  const issues = (row: RegisterDraft): RowIssues => check.rows.get(row.rowId) ?? {};
  const groupOptions = groups.map((g) => ({ value: g.key, label: `${nameOf(t, g.nameKey)} (${g.key})` }));
  const readColumns = readOnlyColumns(t, groups);

  const editColumns: TableColumnsType<RegisterDraft> = [
    {
      title: t('registry.register.key'),
      key: 'key',
      render: (_, r) => (
        <TextCell
          field="key"
          value={r.key}
          issue={issues(r).key}
          maxLength={RegisterLimits.keyMax}
          width={130}
          onChange={(key) => patch(r.rowId, { key })}
        />
      ),
    },
    {
      title: t('registry.register.name'),
      key: 'nameKey',
      render: (_, r) => (
        <>
          <TextCell
            field="nameKey"
            value={r.nameKey}
            issue={issues(r).nameKey}
            maxLength={RegisterLimits.nameKeyMax}
            width={170}
            placeholder={t('registry.register.nameKeyPlaceholder')}
            onChange={(nameKey) => patch(r.rowId, { nameKey })}
          />
          {r.nameKey !== '' && nameOf(t, r.nameKey) !== r.nameKey && (
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {nameOf(t, r.nameKey)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('registry.register.address'),
      key: 'address',
      render: (_, r) => (
        <NumberCell
          field="address"
          value={r.address}
          issue={issues(r).address}
          min={0}
          max={RegisterLimits.addressMax}
          onChange={(address) => patch(r.rowId, { address })}
        />
      ),
    },
    {
      title: t('registry.register.count'),
      key: 'count',
      render: (_, r) => (
        <NumberCell
          field="count"
          value={r.count}
          issue={issues(r).count}
          min={1}
          max={RegisterLimits.countMax}
          width={72}
          onChange={(count) => patch(r.rowId, { count })}
        />
      ),
    },
    {
      title: t('registry.register.dataType'),
      key: 'dataType',
      render: (_, r) => (
        <CellFrame field="dataType" issue={issues(r).dataType}>
          <Select<RegisterDataType>
            size="small"
            value={r.dataType}
            options={RegisterDataTypes.map((v) => ({ value: v, label: v }))}
            style={{ width: 100 }}
            onChange={(v) => replace(withDataType(r, v))}
          />
        </CellFrame>
      ),
    },
    {
      title: t('registry.register.scale'),
      key: 'scale',
      render: (_, r) => (
        <NumberCell
          field="scale"
          value={r.scale}
          issue={issues(r).scale}
          min={RegisterLimits.scaleMin}
          max={RegisterLimits.scaleMax}
          width={64}
          onChange={(scale) => patch(r.rowId, { scale })}
        />
      ),
    },
    {
      title: t('registry.register.unit'),
      key: 'unit',
      render: (_, r) => (
        <TextCell
          field="unit"
          value={r.unit}
          issue={issues(r).unit}
          maxLength={RegisterLimits.unitMax}
          width={72}
          onChange={(unit) => patch(r.rowId, { unit })}
        />
      ),
    },
    {
      title: t('registry.register.group'),
      key: 'group',
      render: (_, r) => (
        <CellFrame field="group" issue={issues(r).group}>
          <Select<string>
            size="small"
            value={r.group === '' ? undefined : r.group}
            options={groupOptions}
            status={issues(r).group === undefined ? undefined : 'error'}
            popupMatchSelectWidth={false}
            style={{ width: 150 }}
            onChange={(group) => patch(r.rowId, { group })}
          />
        </CellFrame>
      ),
    },
    {
      title: t('registry.register.writable'),
      key: 'writable',
      render: (_, r) => (
        <Checkbox checked={r.writable} onChange={(e) => patch(r.rowId, { writable: e.target.checked })} />
      ),
    },
    {
      title: t('registry.register.min'),
      key: 'min',
      render: (_, r) => (
        <NumberCell
          field="min"
          value={r.min}
          issue={issues(r).min}
          integer={false}
          onChange={(min) => patch(r.rowId, { min })}
        />
      ),
    },
    {
      title: t('registry.register.max'),
      key: 'max',
      render: (_, r) => (
        <NumberCell
          field="max"
          value={r.max}
          issue={issues(r).max}
          integer={false}
          onChange={(max) => patch(r.rowId, { max })}
        />
      ),
    },
    {
      title: t('registry.register.column'),
      key: 'column',
      render: (_, r) => (
        <ColumnCell
          value={r.column}
          issue={issues(r).column}
          onChange={(column) => patch(r.rowId, { column })}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('registry.register.remove')}
          title={t('registry.register.remove')}
          onClick={() => onChange(rows.filter((x) => x.rowId !== r.rowId))}
          data-testid={TestId.registerRemove}
        />
      ),
    },
  ];

  return (
    <div ref={frame} data-testid={TestId.registerTable}>
      <Table<RegisterDraft>
        size="small"
        rowKey="rowId"
        columns={readOnly ? readColumns : editColumns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 'calc(100vh - 320px)' }}
        onRow={(r) => ({
          'data-register-key': r.key,
          'data-overlap': check.overlapping.has(r.rowId) ? 'true' : undefined,
          style: check.overlapping.has(r.rowId) ? { background: token.colorErrorBg } : undefined,
        })}
      />
      {!readOnly && (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          style={{ marginTop: token.marginSM }}
          onClick={() => {
            const row = emptyDraft(rows, groups[0]?.key ?? '');
            onChange([...rows, row]);
            setAdded(row.rowId);
          }}
          data-testid={TestId.registerAdd}
        >
          {t('registry.register.add')}
        </Button>
      )}
    </div>
  );
}
