import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Button, Empty, Space, Spin, Switch, Typography } from 'antd';
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  Perm,
  validateSavedBeforeAction,
  type RegisterReadAnswer,
  type RemoteRegisterMap,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../LoadFailed';
import { usePermitted } from '../Permitted';
import { useInfo } from '../../lib/sessionData';
import { showSuccessToast } from '../../lib/toast';
import { invalidateCommands, useFollowedCommands } from '../commands/api';
import { COMMAND_NAMES, isOpenState } from '../commands/commandStates';
import { remoteApi, targetRef, type RemoteTarget } from './api';
import { OutcomeNotice } from './OutcomeNotice';
import { RawRegisterBox } from './RawRegisterBox';
import { RegisterGroupTable, type RegisterEdits } from './RegisterGroupTable';
import {
  groupRegisters,
  validateModifiedValue,
  valuesFromReadResults,
  type ReadValue,
} from './registerValues';
import { RemoteTestId } from './testIds';
import { WriteDialog, type WriteChange, type WriteOutcome } from './WriteDialog';

type MapQuery = {
  data?: RemoteRegisterMap;
  isError: boolean;
  refetch: () => Promise<unknown>;
  isFetching: boolean;
};

const without = (record: Record<string, string>, key: string): Record<string, string> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

/**
 * The register table of a logger or device (SPEC §3 Register): grouped by display group; Read per group or
 * all ("Read successfully"); writable rows are edited and saved one by one, checked on the spot with the
 * SPEC §5 messages; Write sends the saved values after a confirmation ("please save first" while a row is
 * still being edited). Back-office users also get the raw address + count box.
 */
export function RegistersSection({
  target,
  map,
  localControl,
}: {
  target: RemoteTarget;
  map: MapQuery;
  localControl: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const canRead = usePermitted([Perm.registerRead]);
  const canWrite = usePermitted([Perm.registerWrite]) && !localControl;
  const backOffice = useInfo(false).data?.platform === true;
  const registers = map.data?.registers;

  const [values, setValues] = useState<Record<string, ReadValue>>({});
  const [edits, setEdits] = useState<RegisterEdits>({ saved: {}, editing: {} });
  const [saveFirst, setSaveFirst] = useState<string | null>(null);
  const [writing, setWriting] = useState<WriteChange[] | null>(null);
  const [lateRead, setLateRead] = useState<RegisterReadAnswer | null>(null);
  const [writableOnly, setWritableOnly] = useState(false);

  const merge = useCallback(
    (next: Record<string, ReadValue>) => setValues((current) => ({ ...current, ...next })),
    [],
  );
  const fromAnswer = (answer: RegisterReadAnswer): Record<string, ReadValue> =>
    Object.fromEntries(answer.registers.map((r) => [r.key, { value: r.value, hex: r.hex }]));

  const read = useMutation({
    mutationFn: (group: string | null) =>
      remoteApi.read({ ...targetRef(target), ...(group === null ? {} : { group }) }),
    onSuccess: (answer) => {
      if (answer.state === 'DONE') {
        merge(fromAnswer(answer));
        setLateRead(null);
        showSuccessToast(t('ReadSuccessfully'));
      } else setLateRead(answer);
    },
    onSettled: () => void invalidateCommands(),
  });
  const followed = useFollowedCommands(
    lateRead !== null && isOpenState(lateRead.state) ? lateRead.commands : undefined,
  );

  // A read the device answered after the wait: its values come from the commands' results.
  useEffect(() => {
    if (lateRead === null || !isOpenState(lateRead.state) || followed.state !== 'DONE') return;
    const results = [...followed.views.values()]
      .filter((v) => v.name === COMMAND_NAMES[0])
      .map((v) => v.result);
    merge(valuesFromReadResults(registers ?? [], results));
    setLateRead(null);
    showSuccessToast(t('ReadSuccessfully'));
  }, [lateRead, followed.state, followed.views, registers, merge, t]);

  const onWritten = useCallback(
    (results: WriteOutcome[]) => {
      merge(
        Object.fromEntries(
          results
            .filter((r) => r.key !== null && r.readBack !== null)
            .map((r) => [r.key as string, { value: r.readBack, hex: null }]),
        ),
      );
      const applied = new Set(results.filter((r) => r.applied === true).map((r) => r.key));
      setEdits((e) => ({
        ...e,
        saved: Object.fromEntries(Object.entries(e.saved).filter(([key]) => !applied.has(key))),
      }));
    },
    [merge],
  );

  if (map.data === undefined)
    return map.isError ? (
      <LoadFailed title={t('remoteSettings.registers.loadFailed')} query={map} />
    ) : (
      <Spin />
    );
  if (registers === undefined || registers.length === 0)
    return <Empty description={t('remoteSettings.registers.noDefinition')} />;

  const reading = read.isPending ? read.variables : undefined;
  const startWrite = (): void => {
    const problem = validateSavedBeforeAction(Object.keys(edits.editing).length > 0);
    setSaveFirst(problem);
    if (problem !== null) return;
    setWriting(
      registers
        .filter((r) => edits.saved[r.key] !== undefined)
        .map((r) => ({ register: r, old: values[r.key]?.value ?? null, next: edits.saved[r.key] ?? '' })),
    );
  };
  const savedCount = Object.keys(edits.saved).length;

  return (
    <div data-testid={RemoteTestId.registers}>
      <Space wrap style={{ marginBottom: 12 }}>
        {canRead && (
          <Button
            icon={<ReloadOutlined />}
            loading={reading === null}
            disabled={read.isPending}
            onClick={() => read.mutate(null)}
            data-testid={RemoteTestId.registersReadAll}
          >
            {t('remoteSettings.registers.readAll')}
          </Button>
        )}
        {canWrite && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            disabled={savedCount === 0 && Object.keys(edits.editing).length === 0}
            onClick={startWrite}
            data-testid={RemoteTestId.registersWrite}
          >
            {t('remoteSettings.registers.write', { count: savedCount })}
          </Button>
        )}
        <Space size={6}>
          <Switch
            size="small"
            checked={writableOnly}
            onChange={setWritableOnly}
            data-testid={RemoteTestId.registersWritableOnly}
          />
          {t('remoteSettings.registers.writableOnly')}
        </Space>
        {saveFirst !== null && (
          <Typography.Text type="danger" role="alert" data-testid={RemoteTestId.registersSaveFirst}>
            {t(saveFirst)}
          </Typography.Text>
        )}
      </Space>
      {lateRead !== null && <OutcomeNotice outcome={isOpenState(lateRead.state) ? followed : lateRead} />}
      <Space orientation="vertical" style={{ width: '100%' }}>
        {groupRegisters(writableOnly ? registers.filter((r) => r.writable) : registers).map(
          ({ group, registers: rows }) => (
            <RegisterGroupTable
              key={group}
              group={group}
              registers={rows}
              values={values}
              edits={edits}
              canRead={canRead}
              canEdit={canWrite}
              reading={reading === group}
              onRead={() => !read.isPending && read.mutate(group)}
              onEdit={(key, text) => {
                setSaveFirst(null);
                setEdits((e) => ({ ...e, editing: { ...e.editing, [key]: text } }));
              }}
              onSave={(key) =>
                setEdits((e) => {
                  const register = registers.find((r) => r.key === key);
                  const text = e.editing[key];
                  if (register === undefined || text === undefined) return e;
                  if (validateModifiedValue(register, text) !== null) return e;
                  return { saved: { ...e.saved, [key]: text.trim() }, editing: without(e.editing, key) };
                })
              }
              onCancel={(key) => setEdits((e) => ({ ...e, editing: without(e.editing, key) }))}
            />
          ),
        )}
      </Space>
      {backOffice && canRead && <RawRegisterBox target={target} canWrite={canWrite} />}
      {writing !== null && (
        <WriteDialog
          target={target}
          changes={writing}
          onClose={() => setWriting(null)}
          onFinished={onWritten}
        />
      )}
    </div>
  );
}
