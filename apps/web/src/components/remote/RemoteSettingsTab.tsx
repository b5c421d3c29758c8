import type { ReactElement } from 'react';
import { Alert, Empty, Select, Space, Spin, Tabs, Typography } from 'antd';
import { Perm } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../LoadFailed';
import { usePermitted } from '../Permitted';
import { isTarget, targetParam, useRegisterMap, useStationTargets, type RemoteTarget } from './api';
import { AcCoupleSection } from './AcCoupleSection';
import { FactoryResetSection } from './FactoryResetSection';
import { ForwardingSection } from './ForwardingSection';
import { RegistersSection } from './RegistersSection';
import { StorageSection } from './StorageSection';
import { RemoteTestId } from './testIds';

const TARGET_PARAM = 'target';
const SECTION_PARAM = 'section';

type SectionKey = 'registers' | 'storage' | 'forwarding' | 'acCouple' | 'factoryReset';

function typeLabel(t: (key: string) => string, target: RemoteTarget): string {
  return target.kind === 'gateway'
    ? t('remoteSettings.type.GATEWAY')
    : t(`remoteSettings.type.${target.deviceType}`);
}

/** The sections of one logger or device, by its type and the user's permissions. */
function TargetPanel({ target, all }: { target: RemoteTarget; all: RemoteTarget[] }): ReactElement {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const canRead = usePermitted([Perm.registerRead]);
  const canReset = usePermitted([Perm.deviceFactoryReset]);
  const map = useRegisterMap(target, canRead);
  const localControl = map.data?.localControl === true || (target.kind === 'device' && target.localControl);
  const type = target.kind === 'device' ? target.deviceType : 'GATEWAY';
  const coupling = type === 'INVERTER' || type === 'BATTERY';
  const partners = all.filter(
    (o) =>
      o.kind === 'device' &&
      o.id !== target.id &&
      (o.deviceType === 'INVERTER' || o.deviceType === 'BATTERY'),
  );

  const sections: { key: SectionKey; label: string; children: ReactElement }[] = [
    ...(canRead
      ? [
          {
            key: 'registers' as const,
            label: t('remoteSettings.section.registers'),
            children: <RegistersSection target={target} map={map} localControl={localControl} />,
          },
        ]
      : []),
    ...(type === 'BATTERY'
      ? [
          {
            key: 'storage' as const,
            label: t('remoteSettings.section.storage'),
            children: <StorageSection deviceId={target.id} localControl={localControl} />,
          },
        ]
      : []),
    ...(target.kind === 'gateway'
      ? [
          {
            key: 'forwarding' as const,
            label: t('remoteSettings.section.forwarding'),
            children: <ForwardingSection gatewayId={target.id} localControl={localControl} />,
          },
        ]
      : []),
    ...(coupling
      ? [
          {
            key: 'acCouple' as const,
            label: t('remoteSettings.section.acCouple'),
            children: (
              <AcCoupleSection deviceId={target.id} partners={partners} localControl={localControl} />
            ),
          },
        ]
      : []),
    ...(target.kind === 'device' && canReset
      ? [
          {
            key: 'factoryReset' as const,
            label: t('remoteSettings.section.factoryReset'),
            children: <FactoryResetSection device={target} localControl={localControl} />,
          },
        ]
      : []),
  ];
  if (sections.length === 0) return <Empty description={t('remoteSettings.nothingPermitted')} />;
  const asked = search.get(SECTION_PARAM);
  const active = sections.find((s) => s.key === asked)?.key ?? sections[0]?.key;

  return (
    <>
      {localControl && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('remoteSettings.localControl.title')}
          description={t('remoteSettings.localControl.description')}
          data-testid={RemoteTestId.remoteLocalControl}
        />
      )}
      <Tabs
        size="small"
        activeKey={active}
        onChange={(key) =>
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set(SECTION_PARAM, key);
              return next;
            },
            { replace: true },
          )
        }
        items={sections}
        data-testid={RemoteTestId.remoteSections}
      />
    </>
  );
}

/**
 * The station's Remote settings tab (docs/remote.md "Screens"): pick the logger or a device of the
 * station, then its sections — registers for all, storage for a battery, forwarding for a logger, AC
 * coupling for inverters and batteries, factory reset for devices. The choice is kept in the query.
 */
export function RemoteSettingsTab({ stationId }: { stationId: number }): ReactElement {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const targets = useStationTargets(stationId);
  const list = targets.data ?? [];
  const asked = search.get(TARGET_PARAM);
  const target = list.find((o) => isTarget(o, asked)) ?? list[0];

  if (targets.data === undefined)
    return (
      <div data-testid={RemoteTestId.remoteTab} data-state="loading">
        {targets.isError ? <LoadFailed title={t('remoteSettings.loadFailed')} query={targets} /> : <Spin />}
      </div>
    );
  if (target === undefined)
    return (
      <div data-testid={RemoteTestId.remoteTab} data-state="empty">
        <Empty description={t('remoteSettings.noDevices')} />
      </div>
    );

  return (
    <div data-testid={RemoteTestId.remoteTab} data-state="ready">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>{t('remoteSettings.target')}</Typography.Text>
        <Select<string>
          value={targetParam(target)}
          style={{ minWidth: 320 }}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(value) =>
            setSearch(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set(TARGET_PARAM, value);
                next.delete(SECTION_PARAM);
                return next;
              },
              { replace: true },
            )
          }
          options={list.map((o) => ({
            value: targetParam(o),
            label: `${o.sn} · ${typeLabel(t, o)} · ${o.model}`,
          }))}
          data-testid={RemoteTestId.remoteTarget}
        />
      </Space>
      <TargetPanel key={targetParam(target)} target={target} all={list} />
    </div>
  );
}
