import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Alert, Button, Drawer, Form, Input, Select, Space, Spin, Tag } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  DEFINITION_CODE_PATTERN,
  Perm,
  RegistryLimits as Limits,
  patternRegExp,
  validateRequired,
  type DeviceType,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { usePermitted } from '../../components/Permitted';
import { applyFieldErrors } from '../../lib/formErrors';
import { ApiError } from '../../lib/request';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { fromRule } from '../../lib/formRules';
import {
  invalidateRegistry,
  protocolApi,
  useDisplayGroups,
  useProtocol,
  type ProtocolBody,
  type ProtocolDetail,
} from './api';
import { RegisterTable } from './RegisterTable';
import {
  checkRegisters,
  fromDrafts,
  serverRegisterIssues,
  toDrafts,
  type RegisterCheck,
  type RegisterDraft,
  type RowIssues,
} from './registerValidation';
import { copyCode, mergeIssues, onlyRows } from './protocolForm';
import { deviceTypeOptions } from '../../components/DeviceTypeFilter';

/** What the drawer shows: a new definition, an existing one, or a copy of one (a new definition). */
export type EditorTarget = { mode: 'create' } | { mode: 'open'; id: number } | { mode: 'copy'; id: number };

interface HeaderValues {
  code: string;
  name: string;
  deviceType: DeviceType;
}

const HEADER_FIELDS = ['code', 'name', 'deviceType'] as const;

export interface ProtocolEditorProps {
  target: EditorTarget | undefined;
  /** False while the page's tab is in the background: the drawer hides, the edits stay. */
  shown: boolean;
  onCopy: (id: number) => void;
  onClose: () => void;
}

/**
 * The device protocol editor: the definition's code, name and device type above its register map.
 * Built-in definitions (and every definition for roles without the update permission) open read-only;
 * "Copy" opens a new definition prefilled from one. Problems are checked as the user types (the server
 * checks again) and nothing is sent while any remains.
 */
export function ProtocolEditor({ target, shown, onCopy, onClose }: ProtocolEditorProps): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<HeaderValues>();
  const canUpdate = usePermitted([Perm.deviceProtocolUpdate]);
  const sourceId = target === undefined || target.mode === 'create' ? undefined : target.id;
  const source = useProtocol(sourceId);
  const groups = useDisplayGroups(target !== undefined);
  const [rows, setRows] = useState<RegisterDraft[]>([]);
  // Rows just added stay quiet about blank cells until edited or until a save is attempted.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Map<string, RowIssues>>(new Map());

  const detail: ProtocolDetail | undefined = sourceId === undefined ? undefined : source.data;
  const readOnly = target?.mode === 'open' && (detail?.builtIn === true || !canUpdate);
  const loading = sourceId !== undefined && detail === undefined;

  // Fill the editor once per opened target: a later refetch of the same definition must not wipe edits.
  const filledFor = useRef<EditorTarget | undefined>(undefined);
  useEffect(() => {
    if (target === undefined) {
      filledFor.current = undefined;
      return;
    }
    if (filledFor.current === target || (target.mode !== 'create' && detail === undefined)) return;
    filledFor.current = target;
    setSubmitted(false);
    setFresh(new Set());
    setServerIssues(new Map());
    form.resetFields();
    if (target.mode === 'create' || detail === undefined) {
      setRows([]);
      return;
    }
    setRows(toDrafts(detail.registers));
    form.setFieldsValue({
      code: target.mode === 'copy' ? copyCode(detail.code) : detail.code,
      name: target.mode === 'copy' ? t('registry.protocol.copyName', { name: detail.name }) : detail.name,
      deviceType: detail.deviceType,
    });
  }, [target, detail, form, t]);

  const groupKeys = useMemo(
    () => (groups.data === undefined ? undefined : new Set(groups.data.map((g) => g.key))),
    [groups.data],
  );
  const check = useMemo(() => checkRegisters(rows, groupKeys), [rows, groupKeys]);
  const visible: RegisterCheck = useMemo(() => {
    const own = submitted ? check : onlyRows(check, fresh);
    return mergeIssues(own, serverIssues);
  }, [check, submitted, fresh, serverIssues]);

  const changeRows = (next: RegisterDraft[]): void => {
    const before = new Map(rows.map((r) => [r.rowId, r]));
    const added = next.filter((r) => !before.has(r.rowId)).map((r) => r.rowId);
    // A row object changes only when the user edited it; it stops being "fresh" then.
    const edited = new Set(
      next.filter((r) => before.has(r.rowId) && before.get(r.rowId) !== r).map((r) => r.rowId),
    );
    setFresh((prev) => new Set([...[...prev].filter((id) => !edited.has(id)), ...added]));
    if (edited.size > 0 && serverIssues.size > 0)
      setServerIssues((prev) => new Map([...prev].filter(([id]) => !edited.has(id))));
    setRows(next);
  };

  const save = useMutation({
    mutationFn: (body: ProtocolBody) =>
      target?.mode === 'open' && detail !== undefined
        ? protocolApi.update(detail.id, body)
        : protocolApi.create(body),
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      await invalidateRegistry();
      onClose();
    },
    onError: (error) => {
      applyFieldErrors(form, error, HEADER_FIELDS);
      if (error instanceof ApiError) setServerIssues(serverRegisterIssues(error.data, rows));
    },
  });

  const submit = (values: HeaderValues): void => {
    setSubmitted(true);
    if (!check.ok) return;
    save.mutate({
      code: values.code.trim(),
      name: values.name.trim(),
      deviceType: values.deviceType,
      sunspecModels: detail?.sunspecModels ?? [],
      registers: fromDrafts(rows),
    });
  };

  const title =
    target?.mode === 'create'
      ? t('registry.protocol.create')
      : target?.mode === 'copy'
        ? t('registry.protocol.copyTitle')
        : readOnly
          ? t('registry.protocol.view')
          : t('registry.protocol.edit');
  const problems = visible.rows.size;

  return (
    <Drawer
      open={target !== undefined && shown}
      onClose={onClose}
      title={title}
      size="min(1480px, 96vw)"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{readOnly ? t('registry.close') : t('common.cancel')}</Button>
          {readOnly && canUpdate && detail !== undefined && (
            <Button
              icon={<CopyOutlined />}
              onClick={() => onCopy(detail.id)}
              data-testid={TestId.protocolEditorCopy}
            >
              {t('registry.protocol.copy')}
            </Button>
          )}
          {!readOnly && !loading && (
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => form.submit()}
              data-testid={TestId.protocolSave}
            >
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid={TestId.protocolEditor} data-readonly={loading ? undefined : String(readOnly)}>
        {loading && source.isError ? (
          <LoadFailed title={t('registry.protocol.loadFailed')} query={source} />
        ) : loading ? (
          <Spin />
        ) : (
          <>
            {readOnly && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={
                  detail?.builtIn === true
                    ? t('registry.protocol.builtInReadOnly')
                    : t('registry.protocol.noPermission')
                }
                data-testid={TestId.protocolReadOnly}
              />
            )}
            <Form<HeaderValues>
              form={form}
              layout="inline"
              disabled={readOnly}
              initialValues={{ deviceType: 'INVERTER' }}
              onFinish={submit}
              style={{ marginBottom: 16, rowGap: 8 }}
            >
              <Form.Item
                name="code"
                label={t('registry.protocol.code')}
                rules={[
                  fromRule(validateRequired, t),
                  {
                    pattern: patternRegExp(DEFINITION_CODE_PATTERN),
                    message: t('registry.error.codeFormat'),
                  },
                ]}
              >
                <Input maxLength={Limits.codeMax} style={{ width: 200 }} data-testid={TestId.protocolCode} />
              </Form.Item>
              <Form.Item
                name="name"
                label={t('registry.protocol.name')}
                rules={[fromRule(validateRequired, t)]}
              >
                <Input maxLength={Limits.nameMax} style={{ width: 280 }} data-testid={TestId.protocolName} />
              </Form.Item>
              <Form.Item name="deviceType" label={t('registry.protocol.deviceType')}>
                <Select<DeviceType> style={{ width: 180 }} options={deviceTypeOptions(t)} />
              </Form.Item>
              {(detail?.sunspecModels.length ?? 0) > 0 && (
                <Form.Item label={t('registry.protocol.sunspecModels')}>
                  {detail?.sunspecModels.map((m) => (
                    <Tag key={m}>{m}</Tag>
                  ))}
                </Form.Item>
              )}
            </Form>
            {problems > 0 && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('registry.protocol.problems', { rows: problems })}
                data-testid={TestId.protocolProblems}
              />
            )}
            <RegisterTable
              rows={rows}
              check={visible}
              groups={groups.data ?? []}
              readOnly={readOnly}
              onChange={changeRows}
            />
          </>
        )}
      </div>
    </Drawer>
  );
}
