import { useEffect, useRef, type ReactElement } from 'react';
import { Button, Modal, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { RegisterWriteResult, RemoteRegister } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../lib/numberFormat';
import { invalidateCommands, useFollowedCommands } from '../commands/api';
import { isOpenState } from '../commands/commandStates';
import { remoteApi, targetRef, type RemoteTarget } from './api';
import { OutcomeNotice } from './OutcomeNotice';
import { translatedName } from './RegisterGroupTable';
import { formatRegisterValue, inputKindOf, sameValue } from './registerValues';
import { RemoteTestId } from './testIds';

export interface WriteChange {
  register: RemoteRegister;
  /** The current value as last read (null: not read). */
  old: number | string | null;
  /** The modified value as typed and saved. */
  next: string;
}

/** What a write came to for one register: the read-back and whether it is what was asked. */
export type WriteOutcome = Pick<RegisterWriteResult, 'key' | 'readBack' | 'applied'>;

/**
 * The read-back of a write the device answered late: the written registers' groups are read again once
 * its commands are done, and each register compared with what was asked.
 */
async function readBack(
  target: RemoteTarget,
  changes: readonly WriteChange[],
): Promise<RegisterWriteResult[]> {
  const groups = [...new Set(changes.map((c) => c.register.group))];
  const answers = await Promise.all(groups.map((group) => remoteApi.read({ ...targetRef(target), group })));
  const read = new Map(answers.flatMap((a) => a.registers.map((r) => [r.key, r] as const)));
  return changes.map(({ register, next }) => {
    const now = read.get(register.key);
    const value = now?.value ?? null;
    return {
      key: register.key,
      address: register.address,
      requested: next,
      readBack: value,
      applied: now === undefined || value === null ? null : sameValue(register, next, value),
    };
  });
}

/**
 * Write: a confirmation listing old → new for each register, then the progress, the device's answer and
 * the read-back — applied, or "not applied: the device reports X" in red. A device that has not answered
 * within the wait is followed until its commands end, then read back.
 */
export function WriteDialog({
  target,
  changes,
  onClose,
  onFinished,
}: {
  target: RemoteTarget;
  changes: WriteChange[];
  onClose: () => void;
  onFinished: (results: WriteOutcome[]) => void;
}): ReactElement {
  const { t } = useTranslation();
  const { locale } = useNumberFormat();
  const write = useMutation({
    mutationFn: () =>
      remoteApi.write({
        ...targetRef(target),
        writes: changes.map((c) => ({ key: c.register.key, value: c.next })),
      }),
    onSettled: () => void invalidateCommands(),
  });
  const late = useMutation({ mutationFn: () => readBack(target, changes) });
  const answer = write.data;
  const answeredLate = answer !== undefined && isOpenState(answer.state);
  const followed = useFollowedCommands(answeredLate ? answer.commands : undefined);
  const outcome = answeredLate ? followed : answer;

  const { mutate: readLate, isIdle: lateIdle } = late;
  useEffect(() => {
    if (answeredLate && followed.state === 'DONE' && lateIdle) readLate();
  }, [answeredLate, followed.state, lateIdle, readLate]);

  const results: RegisterWriteResult[] | undefined =
    answer === undefined ? undefined : answeredLate ? late.data : answer.results;
  const reported = useRef(false);
  useEffect(() => {
    if (results === undefined || reported.current) return;
    reported.current = true;
    onFinished(results.map(({ key, readBack, applied }) => ({ key, readBack, applied })));
  }, [results, onFinished]);

  const byKey = new Map(changes.map((c) => [c.register.key, c.register]));
  const shown = (register: RemoteRegister, value: number | string | null): string =>
    formatRegisterValue(
      t,
      register,
      typeof value === 'string' && inputKindOf(register) !== 'text' ? Number(value) : value,
      locale,
    );
  const name = (register: RemoteRegister): string => translatedName(t, register.nameKey, register.key);

  const resultColumns: TableColumnsType<RegisterWriteResult> = [
    {
      title: t('remoteSettings.registers.name'),
      key: 'name',
      render: (_: unknown, r) => {
        const register = r.key === null ? undefined : byKey.get(r.key);
        return register === undefined ? (r.key ?? String(r.address)) : name(register);
      },
    },
    {
      title: t('remoteSettings.write.result'),
      key: 'result',
      render: (_: unknown, r) => {
        const register = r.key === null ? undefined : byKey.get(r.key);
        const readBackText = register === undefined ? String(r.readBack ?? '-') : shown(register, r.readBack);
        const state = r.applied === null ? 'unknown' : String(r.applied);
        return (
          <span data-testid={RemoteTestId.writeResult} data-key={r.key ?? ''} data-applied={state}>
            {r.applied === true && <Tag color="success">{t('remoteSettings.write.applied')}</Tag>}
            {r.applied === false && (
              <Typography.Text type="danger">
                {t('remoteSettings.write.notApplied', { value: readBackText })}
              </Typography.Text>
            )}
            {r.applied === null && <Tag>{t('remoteSettings.write.unknown')}</Tag>}
          </span>
        );
      },
    },
  ];

  const sent = answer !== undefined;
  return (
    <Modal
      open
      title={t('remoteSettings.write.title')}
      onCancel={onClose}
      mask={{ closable: !write.isPending }}
      closable={!write.isPending}
      width={640}
      data-testid={RemoteTestId.writeDialog}
      footer={
        sent ? (
          <Button onClick={onClose}>{t('remoteSettings.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={write.isPending}>
              {t('remoteSettings.cancel')}
            </Button>
            <Button
              type="primary"
              danger
              loading={write.isPending}
              onClick={() => !write.isPending && write.mutate()}
              data-testid={RemoteTestId.writeConfirm}
            >
              {t('remoteSettings.write.confirm')}
            </Button>
          </>
        )
      }
    >
      <Typography.Paragraph>{t('remoteSettings.write.intro', { sn: target.sn })}</Typography.Paragraph>
      <ul>
        {changes.map(({ register, old, next }) => (
          <li key={register.key} data-testid={RemoteTestId.writeChange} data-key={register.key}>
            <Typography.Text strong>{name(register)}</Typography.Text>: {shown(register, old)}{' '}
            <ArrowRightOutlined /> <Typography.Text strong>{shown(register, next)}</Typography.Text>
            {register.unit === '' ? '' : ` ${register.unit}`}
          </li>
        ))}
      </ul>
      {write.isPending && (
        <Spin>
          <Typography.Paragraph type="secondary">{t('remoteSettings.write.progress')}</Typography.Paragraph>
        </Spin>
      )}
      {outcome !== undefined && (
        <OutcomeNotice
          outcome={outcome}
          doneText={
            results === undefined
              ? t('remoteSettings.write.readingBack')
              : results.every((r) => r.applied === true)
                ? t('remoteSettings.write.allApplied')
                : t('remoteSettings.write.someNotApplied')
          }
        />
      )}
      {results !== undefined && (
        <Table<RegisterWriteResult>
          size="small"
          rowKey={(r) => r.key ?? String(r.address)}
          columns={resultColumns}
          dataSource={results}
          pagination={false}
          style={{ marginTop: 12 }}
        />
      )}
    </Modal>
  );
}
