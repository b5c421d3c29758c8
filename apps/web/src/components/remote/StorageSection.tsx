import { useEffect, useState, type ReactElement } from 'react';
import { Button, Descriptions, Radio, Space, Spin, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Perm, STORAGE_MODES, type StorageSettings } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../LoadFailed';
import { usePermitted } from '../Permitted';
import { queryClient } from '../../lib/queryClient';
import { showSuccessToast } from '../../lib/toast';
import { epochText } from '../commands/epochText';
import { invalidateCommands, useFollowedCommands } from '../commands/api';
import { COMMAND_STATE_COLOR, COMMAND_STATE_LABEL, isOpenState } from '../commands/commandStates';
import { remoteApi, remoteKeys, useStorage } from './api';
import { OutcomeNotice } from './OutcomeNotice';
import { PeriodEditor } from './PeriodEditor';
import { fromStoragePeriods, periodsProblem, toStoragePeriods, type PeriodDraft } from './periods';
import { RemoteTestId } from './testIds';

/** Time-shared control: the mode whose periods are sent with storage.timeSlots. */
const TIME_SHARED = STORAGE_MODES.indexOf('TIME_SHARED');

const modeKey = (mode: number): string =>
  `remoteSettings.storage.mode.${STORAGE_MODES[mode] ?? 'SELF_CONSUMPTION'}`;

/**
 * A battery's storage configuration (SPEC §4 modes, §5 periods): the mode read from the device now, the
 * five modes to choose from, and for time-shared control the periods editor; Save sends storage.mode
 * (and storage.timeSlots) and says "Mode modification succeeded" once the device has done it.
 */
export function StorageSection({
  deviceId,
  localControl,
}: {
  deviceId: number;
  localControl: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const storage = useStorage(deviceId);
  const underLocalControl = localControl || storage.data?.localControl === true;
  const canUpdate = usePermitted([Perm.storageUpdate]) && !underLocalControl;
  const [mode, setMode] = useState<number | null>(null);
  const [periods, setPeriods] = useState<PeriodDraft[]>([]);
  const [answer, setAnswer] = useState<StorageSettings | null>(null);

  // The editor starts from what the device runs (else what was last sent) once, not on every read.
  const data = storage.data;
  useEffect(() => {
    if (data === undefined || mode !== null) return;
    setMode(data.mode ?? data.lastSent?.mode ?? 0);
    setPeriods(fromStoragePeriods(data.lastSent?.periods ?? data.periods));
  }, [data, mode]);

  const done = (): void => {
    showSuccessToast(t('ModeModificationSucceeded'));
    void queryClient.invalidateQueries({ queryKey: remoteKeys.storage(deviceId) });
  };
  const save = useMutation({
    mutationFn: () =>
      remoteApi.setStorage(deviceId, {
        mode: mode ?? 0,
        ...(mode === TIME_SHARED ? { periods: toStoragePeriods(periods) } : {}),
      }),
    onSuccess: (next) => {
      setAnswer(next);
      if (next.state === 'DONE') done();
    },
    onSettled: () => void invalidateCommands(),
  });
  const late = answer !== null && isOpenState(answer.state);
  const followed = useFollowedCommands(late ? answer.commands : undefined);
  useEffect(() => {
    if (late && followed.state === 'DONE') {
      setAnswer((a) => (a === null ? a : { ...a, state: 'DONE' }));
      done();
    }
    // done() only toasts and reads again: the effect is about the followed commands ending.
  }, [late, followed.state]);

  if (data === undefined)
    return storage.isError ? (
      <LoadFailed title={t('remoteSettings.storage.loadFailed')} query={storage} />
    ) : (
      <Spin description={t('remoteSettings.storage.reading')}>
        <div style={{ minHeight: 80 }} />
      </Spin>
    );

  const problem = mode === TIME_SHARED ? periodsProblem(periods) : null;
  const lastSent = data.lastSent;
  return (
    <div data-testid={RemoteTestId.storage}>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('remoteSettings.storage.current')}>
          <span data-testid={RemoteTestId.storageCurrent} data-mode={data.mode ?? ''}>
            {data.mode === null ? t('remoteSettings.storage.currentUnknown') : t(modeKey(data.mode))}
          </span>
        </Descriptions.Item>
        {lastSent !== null && (
          <Descriptions.Item label={t('remoteSettings.storage.lastSent')}>
            <Space data-testid={RemoteTestId.storageLastSent}>
              {t(modeKey(lastSent.mode))}
              <Typography.Text type="secondary">{epochText(lastSent.updatedAt)}</Typography.Text>
              {lastSent.state !== null && (
                <Tag color={COMMAND_STATE_COLOR[lastSent.state]}>
                  {t(COMMAND_STATE_LABEL[lastSent.state])}
                </Tag>
              )}
            </Space>
          </Descriptions.Item>
        )}
      </Descriptions>
      {data.mode === null && <OutcomeNotice outcome={data} />}
      <Radio.Group
        value={mode}
        disabled={!canUpdate || save.isPending}
        onChange={(e) => setMode(Number(e.target.value))}
        data-testid={RemoteTestId.storageMode}
      >
        <Space orientation="vertical">
          {STORAGE_MODES.map((name, value) => (
            <Radio key={name} value={value} data-mode={value}>
              {t(modeKey(value))}
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {t(`remoteSettings.storage.modeHint.${name}`)}
              </Typography.Text>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {mode === TIME_SHARED && (
        <div style={{ marginTop: 16 }}>
          <PeriodEditor periods={periods} onChange={setPeriods} disabled={!canUpdate || save.isPending} />
        </div>
      )}
      {canUpdate && (
        <div style={{ marginTop: 16 }}>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={mode === null || problem !== null}
            onClick={() => !save.isPending && save.mutate()}
            data-testid={RemoteTestId.storageSave}
          >
            {t('remoteSettings.save')}
          </Button>
        </div>
      )}
      {answer !== null && (
        <div style={{ marginTop: 12 }}>
          <OutcomeNotice outcome={late ? followed : answer} doneText={t('ModeModificationSucceeded')} />
        </div>
      )}
    </div>
  );
}
