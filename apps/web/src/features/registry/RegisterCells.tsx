import type { ReactElement, ReactNode } from 'react';
import { AutoComplete, Input, InputNumber, Tag, theme, type TableColumnsType } from 'antd';
import { MPPT_CHANNELS_MAX, MpptColumns, TelemetryColumns } from '@sunfleet/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import type { DisplayGroup } from './api';
import { issueText, nameOf } from './labels';
import type { Issue, RegisterDraft, RegisterField } from './registerValidation';

/** Wide-row columns a register may land in: the typed ones and each MPPT channel. */
const COLUMN_OPTIONS = [
  ...TelemetryColumns,
  ...MpptColumns.flatMap((c) =>
    Array.from({ length: MPPT_CHANNELS_MAX }, (_, i) => `${c}[${String(i + 1)}]`),
  ),
].map((value) => ({ value }));

/** A cell's editor with its problem written underneath, so the user sees what to fix where. */
export function CellFrame({
  field,
  issue,
  children,
}: {
  field: RegisterField;
  issue: Issue | undefined;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div data-testid={`${TestId.registerCell}-${field}`}>
      {children}
      {issue !== undefined && (
        <div
          role="alert"
          data-testid={TestId.registerError}
          style={{ color: token.colorError, fontSize: token.fontSizeSM, maxWidth: 220, whiteSpace: 'normal' }}
        >
          {issueText(t, issue)}
        </div>
      )}
    </div>
  );
}

export function TextCell({
  field,
  value,
  issue,
  maxLength,
  width,
  placeholder,
  onChange,
}: {
  field: RegisterField;
  value: string;
  issue: Issue | undefined;
  maxLength: number;
  width: number;
  placeholder?: string;
  onChange: (value: string) => void;
}): ReactElement {
  return (
    <CellFrame field={field} issue={issue}>
      <Input
        size="small"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        status={issue === undefined ? undefined : 'error'}
        style={{ width }}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`${TestId.registerInput}-${field}`}
      />
    </CellFrame>
  );
}

export function NumberCell({
  field,
  value,
  issue,
  min,
  max,
  integer = true,
  width = 96,
  onChange,
}: {
  field: RegisterField;
  value: number | null;
  issue: Issue | undefined;
  min?: number;
  max?: number;
  integer?: boolean;
  width?: number;
  onChange: (value: number | null) => void;
}): ReactElement {
  return (
    <CellFrame field={field} issue={issue}>
      <InputNumber<number>
        size="small"
        value={value}
        min={min}
        max={max}
        precision={integer ? 0 : undefined}
        status={issue === undefined ? undefined : 'error'}
        style={{ width }}
        onChange={(v) => onChange(typeof v === 'number' && Number.isFinite(v) ? v : null)}
        data-testid={`${TestId.registerInput}-${field}`}
      />
    </CellFrame>
  );
}

export function ColumnCell({
  value,
  issue,
  onChange,
}: {
  value: string | null;
  issue: Issue | undefined;
  onChange: (value: string | null) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <CellFrame field="column" issue={issue}>
      <AutoComplete
        size="small"
        value={value ?? ''}
        options={COLUMN_OPTIONS}
        placeholder={t('registry.register.columnRest')}
        allowClear
        status={issue === undefined ? undefined : 'error'}
        style={{ width: 170 }}
        showSearch={{
          filterOption: (input, option) => (option?.value ?? '').includes(input.trim()),
        }}
        onChange={(v: string | undefined) => onChange(v === undefined || v.trim() === '' ? null : v.trim())}
        data-testid={`${TestId.registerInput}-column`}
      />
    </CellFrame>
  );
}

/** Column titles of the register map, by field (translation keys). */
export const REGISTER_TITLE: Record<RegisterField, string> = {
  key: 'registry.register.key',
  nameKey: 'registry.register.name',
  address: 'registry.register.address',
  count: 'registry.register.count',
  dataType: 'registry.register.dataType',
  scale: 'registry.register.scale',
  unit: 'registry.register.unit',
  group: 'registry.register.group',
  writable: 'registry.register.writable',
  min: 'registry.register.min',
  max: 'registry.register.max',
  column: 'registry.register.column',
};

const orDash = (v: number | string | null): string => (v === null || v === '' ? '—' : String(v));

/** Columns of the read-only register map: plain text, names and groups translated. */
export function readOnlyColumns(
  t: TFunction,
  groups: readonly DisplayGroup[],
): TableColumnsType<RegisterDraft> {
  const groupName = (key: string): string => {
    const group = groups.find((g) => g.key === key);
    return group === undefined ? key : nameOf(t, group.nameKey);
  };
  const show = <K extends RegisterField>(field: K, render?: (value: RegisterDraft[K]) => ReactNode) => ({
    title: t(REGISTER_TITLE[field]),
    dataIndex: field,
    render,
  });
  return [
    show('key'),
    { title: t(REGISTER_TITLE.nameKey), key: 'name', render: (_, r) => nameOf(t, r.nameKey) },
    show('address'),
    show('count'),
    show('dataType'),
    show('scale'),
    show('unit', orDash),
    show('group', groupName),
    show('writable', (v) => (v ? <Tag color="blue">{t('registry.register.writableYes')}</Tag> : null)),
    show('min', orDash),
    show('max', orDash),
    show('column', orDash),
  ];
}
