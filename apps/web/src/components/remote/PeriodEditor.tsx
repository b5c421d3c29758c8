import type { ReactElement } from 'react';
import { Alert, Button, Input, InputNumber, Select, Space, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Limits } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import {
  HOUR_TICKS,
  barsOf,
  canAddPeriod,
  nextPeriod,
  overlappingPeriods,
  periodsProblem,
  type PeriodDraft,
  type PeriodMode,
} from './periods';
import { RemoteTestId } from './testIds';

const MODES: readonly PeriodMode[] = ['CHARGE', 'DISCHARGE'];

/** The day as a bar: each period drawn where it lies (past midnight in two pieces), clashes in red. */
function PeriodTimeline({ periods }: { periods: PeriodDraft[] }): ReactElement {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colour = (mode: PeriodMode, clash: boolean): string =>
    clash ? token.colorError : mode === 'CHARGE' ? token.colorSuccess : token.colorWarning;
  return (
    <div data-testid={RemoteTestId.storageTimeline} style={{ margin: '8px 0 24px' }}>
      <div
        style={{
          position: 'relative',
          height: 28,
          background: token.colorFillTertiary,
          borderRadius: token.borderRadiusSM,
          overflow: 'hidden',
        }}
      >
        {barsOf(periods).map((bar, i) => (
          <Tooltip
            key={`${String(bar.index)}-${String(i)}`}
            title={`${periods[bar.index]?.start ?? ''}–${periods[bar.index]?.end ?? ''} ${t(`remoteSettings.storage.periodMode.${bar.mode}`)}`}
          >
            <div
              data-index={bar.index}
              data-overlapping={bar.overlapping}
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${String(bar.leftPct)}%`,
                width: `${String(bar.widthPct)}%`,
                background: colour(bar.mode, bar.overlapping),
                opacity: bar.overlapping ? 0.75 : 0.9,
                borderLeft: `1px solid ${token.colorBgContainer}`,
              }}
            />
          </Tooltip>
        ))}
      </div>
      <div style={{ position: 'relative', height: 16, fontSize: token.fontSizeSM }}>
        {HOUR_TICKS.map((hour) => (
          <span
            key={hour}
            style={{
              position: 'absolute',
              left: `${String((hour / 24) * 100)}%`,
              transform: hour === 0 ? undefined : hour === 24 ? 'translateX(-100%)' : 'translateX(-50%)',
              color: token.colorTextSecondary,
            }}
          >
            {`${String(hour).padStart(2, '0')}:00`}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * Time-shared control's periods (SPEC §3 Time-sharing strategy, §5): up to 6 rows of start, end (HH:mm,
 * an end before the start runs past midnight), charge or discharge and an optional power, drawn on a
 * 0–24 h bar. Overlaps and duplicates are refused on the spot ("There are duplicates in the time period").
 */
export function PeriodEditor({
  periods,
  onChange,
  disabled,
}: {
  periods: PeriodDraft[];
  onChange: (periods: PeriodDraft[]) => void;
  disabled: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const problem = periodsProblem(periods);
  const clash = overlappingPeriods(periods);
  const set = (index: number, patch: Partial<PeriodDraft>): void =>
    onChange(periods.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  return (
    <div data-testid={RemoteTestId.storagePeriods}>
      <PeriodTimeline periods={periods} />
      <Space orientation="vertical" style={{ width: '100%' }}>
        {periods.map((period, index) => (
          <Space
            key={index}
            wrap
            data-testid={RemoteTestId.storagePeriodRow}
            data-index={index}
            data-overlapping={clash.has(index)}
          >
            <Typography.Text type="secondary">{index + 1}.</Typography.Text>
            <Input
              value={period.start}
              maxLength={5}
              placeholder="HH:mm"
              style={{ width: 80 }}
              status={clash.has(index) ? 'error' : undefined}
              disabled={disabled}
              aria-label={t('remoteSettings.storage.start')}
              onChange={(e) => set(index, { start: e.target.value })}
              data-testid={RemoteTestId.storagePeriodStart}
            />
            –
            <Input
              value={period.end}
              maxLength={5}
              placeholder="HH:mm"
              style={{ width: 80 }}
              status={clash.has(index) ? 'error' : undefined}
              disabled={disabled}
              aria-label={t('remoteSettings.storage.end')}
              onChange={(e) => set(index, { end: e.target.value })}
              data-testid={RemoteTestId.storagePeriodEnd}
            />
            <Select<PeriodMode>
              value={period.mode}
              style={{ width: 140 }}
              disabled={disabled}
              onChange={(mode) => set(index, { mode })}
              options={MODES.map((m) => ({ value: m, label: t(`remoteSettings.storage.periodMode.${m}`) }))}
              data-testid={RemoteTestId.storagePeriodMode}
            />
            <InputNumber<number>
              value={period.powerKw}
              min={0.1}
              max={10_000}
              step={0.1}
              placeholder={t('remoteSettings.storage.power')}
              suffix="kW"
              style={{ width: 190 }}
              disabled={disabled}
              onChange={(v) => set(index, { powerKw: v })}
              data-testid={RemoteTestId.storagePeriodPower}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={disabled}
              title={t('remoteSettings.storage.removePeriod')}
              onClick={() => onChange(periods.filter((_, i) => i !== index))}
              data-testid={RemoteTestId.storagePeriodRemove}
            />
          </Space>
        ))}
        {problem !== null && (
          <Alert
            type="error"
            showIcon
            title={t(problem)}
            data-testid={RemoteTestId.storageProblem}
            role="alert"
          />
        )}
        <Button
          icon={<PlusOutlined />}
          disabled={disabled || !canAddPeriod(periods)}
          onClick={() => onChange([...periods, nextPeriod(periods)])}
          data-testid={RemoteTestId.storagePeriodAdd}
        >
          {canAddPeriod(periods)
            ? t('remoteSettings.storage.addPeriod')
            : t('remoteSettings.storage.periodsFull', { max: Limits.timeSlots })}
        </Button>
      </Space>
    </div>
  );
}
