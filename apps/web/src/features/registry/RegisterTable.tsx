import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Checkbox, Select, Table, Typography, theme, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RegisterDataTypes, type RegisterDataType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import type { DisplayGroup } from './api';
import { nameOf } from './labels';
import {
  CellFrame,
  ColumnCell,
  NumberCell,
  REGISTER_TITLE,
  TextCell,
  readOnlyColumns,
} from './RegisterCells';
import {
  RegisterLimits,
  emptyDraft,
  withDataType,
  type RegisterCheck,
  type RegisterDraft,
  type RegisterField,
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
  const replace = (row: RegisterDraft): void => onChange(rows.map((r) => (r.rowId === row.rowId ? row : r)));
  const set = <K extends RegisterField>(r: RegisterDraft, field: K, value: RegisterDraft[K]): void =>
    replace({ ...r, [field]: value });
  const issues = (row: RegisterDraft): RowIssues => check.rows.get(row.rowId) ?? {};
  // The props every field cell shares: its field, value and problem, and the edit back into the row.
  const bind = <K extends RegisterField>(r: RegisterDraft, field: K) => ({
    field,
    value: r[field],
    issue: issues(r)[field],
    onChange: (value: RegisterDraft[K]) => set(r, field, value),
  });
  const column = (
    field: RegisterField,
    render: (r: RegisterDraft) => ReactNode,
  ): TableColumnsType<RegisterDraft>[number] => ({
    title: t(REGISTER_TITLE[field]),
    key: field,
    render: (_: unknown, r: RegisterDraft) => render(r),
  });
  const groupOptions = groups.map((g) => ({ value: g.key, label: `${nameOf(t, g.nameKey)} (${g.key})` }));

  const editColumns: TableColumnsType<RegisterDraft> = [
    column('key', (r) => <TextCell {...bind(r, 'key')} maxLength={RegisterLimits.keyMax} width={130} />),
    column('nameKey', (r) => (
      <>
        <TextCell
          {...bind(r, 'nameKey')}
          maxLength={RegisterLimits.nameKeyMax}
          width={170}
          placeholder={t('registry.register.nameKeyPlaceholder')}
        />
        {r.nameKey !== '' && nameOf(t, r.nameKey) !== r.nameKey && (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {nameOf(t, r.nameKey)}
          </Typography.Text>
        )}
      </>
    )),
    column('address', (r) => <NumberCell {...bind(r, 'address')} min={0} max={RegisterLimits.addressMax} />),
    column('count', (r) => (
      <NumberCell {...bind(r, 'count')} min={1} max={RegisterLimits.countMax} width={72} />
    )),
    column('dataType', (r) => (
      <CellFrame field="dataType" issue={issues(r).dataType}>
        <Select<RegisterDataType>
          size="small"
          value={r.dataType}
          options={RegisterDataTypes.map((v) => ({ value: v, label: v }))}
          style={{ width: 100 }}
          onChange={(v) => replace(withDataType(r, v))}
        />
      </CellFrame>
    )),
    column('scale', (r) => (
      <NumberCell
        {...bind(r, 'scale')}
        min={RegisterLimits.scaleMin}
        max={RegisterLimits.scaleMax}
        width={64}
      />
    )),
    column('unit', (r) => <TextCell {...bind(r, 'unit')} maxLength={RegisterLimits.unitMax} width={72} />),
    column('group', (r) => (
      <CellFrame field="group" issue={issues(r).group}>
        <Select<string>
          size="small"
          value={r.group === '' ? undefined : r.group}
          options={groupOptions}
          status={issues(r).group === undefined ? undefined : 'error'}
          popupMatchSelectWidth={false}
          style={{ width: 150 }}
          onChange={(group) => set(r, 'group', group)}
        />
      </CellFrame>
    )),
    column('writable', (r) => (
      <Checkbox checked={r.writable} onChange={(e) => set(r, 'writable', e.target.checked)} />
    )),
    column('min', (r) => <NumberCell {...bind(r, 'min')} integer={false} />),
    column('max', (r) => <NumberCell {...bind(r, 'max')} integer={false} />),
    column('column', (r) => <ColumnCell {...bind(r, 'column')} />),
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
        columns={readOnly ? readOnlyColumns(t, groups) : editColumns}
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
