import type { ReactElement } from 'react';
import { Button, Card, Input, Select, Space, Table, Typography, theme, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import type { RemoteRegister } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import { useNumberFormat } from '../../lib/numberFormat';
import {
  addressText,
  formatRegisterValue,
  inputKindOf,
  rangeText,
  validateModifiedValue,
  type ReadValue,
} from './registerValues';
import { RemoteTestId } from './testIds';

/** A name stored as a translation key; a user-made definition may hold plain text, shown as typed. */
export function translatedName(t: (key: string) => string, key: string, fallback: string): string {
  return i18n.exists(key) ? t(key) : fallback;
}

export interface RegisterEdits {
  /** Modified values saved on their rows, waiting for Write. */
  saved: Record<string, string>;
  /** Rows being edited, with the text typed so far. */
  editing: Record<string, string>;
}

export interface RegisterGroupTableProps {
  group: string;
  registers: RemoteRegister[];
  values: Record<string, ReadValue>;
  edits: RegisterEdits;
  canRead: boolean;
  /** Writable rows may be edited (register:write, not under local control). */
  canEdit: boolean;
  reading: boolean;
  onRead: () => void;
  onEdit: (key: string, text: string) => void;
  onSave: (key: string) => void;
  onCancel: (key: string) => void;
}

function ModifiedEditor({
  register,
  text,
  onEdit,
  onSave,
  onCancel,
}: {
  register: RemoteRegister;
  text: string;
  onEdit: (text: string) => void;
  onSave: () => void;
  onCancel: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const problem = validateModifiedValue(register, text);
  const kind = inputKindOf(register);
  const status = problem === null ? undefined : 'error';
  return (
    <div>
      <Space.Compact>
        {kind === 'enum' ? (
          <Select<string>
            size="small"
            style={{ minWidth: 140 }}
            value={text === '' ? undefined : text}
            status={status}
            onChange={onEdit}
            options={(register.values ?? []).map((v) => ({ value: String(v.value), label: t(v.nameKey) }))}
            data-testid={RemoteTestId.registerInput}
          />
        ) : (
          <Input
            size="small"
            style={{ width: 150 }}
            value={text}
            status={status}
            inputMode={kind === 'number' ? 'decimal' : undefined}
            maxLength={register.dataType === 'STRING' ? register.count * 2 : 64}
            suffix={register.unit === '' ? undefined : register.unit}
            onChange={(e) => onEdit(e.target.value)}
            onPressEnter={() => problem === null && onSave()}
            data-testid={RemoteTestId.registerInput}
          />
        )}
        <Button
          size="small"
          icon={<CheckOutlined />}
          disabled={problem !== null}
          onClick={onSave}
          title={t('remoteSettings.registers.saveRow')}
          data-testid={RemoteTestId.registerSave}
        />
        <Button
          size="small"
          icon={<CloseOutlined />}
          onClick={onCancel}
          title={t('remoteSettings.registers.cancelRow')}
          data-testid={RemoteTestId.registerCancel}
        />
      </Space.Compact>
      {problem !== null && (
        <div
          role="alert"
          data-testid={RemoteTestId.registerError}
          style={{ color: token.colorError, fontSize: token.fontSizeSM }}
        >
          {t(problem)}
        </div>
      )}
    </div>
  );
}

/** One display group of the register table, with its own Read button. */
export function RegisterGroupTable(props: RegisterGroupTableProps): ReactElement {
  const { group, registers, values, edits, canRead, canEdit, reading, onRead } = props;
  const { t } = useTranslation();
  const { locale } = useNumberFormat();
  const groupName = translatedName(t, `displayGroup.${group}`, group);

  const modifiedCell = (r: RemoteRegister): ReactElement | string => {
    if (!r.writable) return '-';
    const typing = edits.editing[r.key];
    if (typing !== undefined)
      return (
        <ModifiedEditor
          register={r}
          text={typing}
          onEdit={(text) => props.onEdit(r.key, text)}
          onSave={() => props.onSave(r.key)}
          onCancel={() => props.onCancel(r.key)}
        />
      );
    const saved = edits.saved[r.key];
    const shown =
      saved === undefined
        ? null
        : formatRegisterValue(t, r, inputKindOf(r) === 'text' ? saved : Number(saved), locale);
    return (
      <Space size={4}>
        {shown !== null && (
          <Typography.Text strong data-testid={RemoteTestId.registerModified}>
            {shown}
          </Typography.Text>
        )}
        {canEdit && (
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            onClick={() => props.onEdit(r.key, saved ?? (values[r.key]?.value ?? '').toString())}
            title={t('remoteSettings.registers.edit')}
            data-testid={RemoteTestId.registerEdit}
          />
        )}
      </Space>
    );
  };

  const columns: TableColumnsType<RemoteRegister> = [
    {
      title: t('remoteSettings.registers.name'),
      key: 'name',
      render: (_: unknown, r) => translatedName(t, r.nameKey, r.key),
    },
    { title: t('remoteSettings.registers.group'), key: 'group', render: () => groupName },
    {
      title: t('remoteSettings.registers.current'),
      key: 'current',
      render: (_: unknown, r) => (
        <span data-testid={RemoteTestId.registerCurrent}>
          {formatRegisterValue(t, r, values[r.key]?.value ?? null, locale)}
        </span>
      ),
    },
    {
      title: t('remoteSettings.registers.modified'),
      key: 'modified',
      render: (_: unknown, r) => modifiedCell(r),
    },
    {
      title: t('remoteSettings.registers.offset'),
      key: 'offset',
      render: (_: unknown, r) => addressText(r.address),
    },
    {
      title: t('remoteSettings.registers.unit'),
      dataIndex: 'unit',
      render: (u: string) => (u === '' ? '-' : u),
    },
    {
      title: t('remoteSettings.registers.range'),
      key: 'range',
      render: (_: unknown, r) => rangeText(t, r, locale),
    },
  ];

  return (
    <Card
      size="small"
      title={groupName}
      data-testid={RemoteTestId.registerGroup}
      data-group={group}
      extra={
        canRead && (
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={reading}
            onClick={onRead}
            data-testid={RemoteTestId.registerGroupRead}
          >
            {t('remoteSettings.registers.read')}
          </Button>
        )
      }
    >
      <Table<RemoteRegister>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={registers}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
