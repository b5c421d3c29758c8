import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, MinusOutlined } from '@ant-design/icons';
import { IDLE_KW } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { useNumberFormat } from '../../../lib/numberFormat';
import type { EnergyFlowData } from '../detail-api';
import { POWER_COLORS } from './chartOptions';

const NODE_STYLE: CSSProperties = {
  border: '2px solid',
  borderRadius: 8,
  padding: '6px 12px',
  minWidth: 104,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
};

/** Where a plant without consumers has no load node, its flows meet at this junction. */
const JUNCTION_STYLE: CSSProperties = {
  width: 14,
  height: 14,
  borderRadius: '50%',
  background: 'currentColor',
  opacity: 0.45,
};

type Direction = 'in' | 'out' | 'idle';
const directionOf = (kW: number | null): Direction =>
  kW === null || Math.abs(kW) < IDLE_KW ? 'idle' : kW > 0 ? 'in' : 'out';

function FlowNode({
  kind,
  kW,
  color,
  title,
  note,
  derived,
}: {
  kind: string;
  kW: number | null;
  color: string;
  title: string;
  note?: ReactNode;
  /** Computed by the energy balance rather than measured: drawn dashed and said so. */
  derived: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  return (
    <div
      data-testid={TestId.stationDetailFlowNode}
      data-kind={kind}
      data-value={kW === null ? '' : String(kW)}
      data-derived={derived}
      style={{ ...NODE_STYLE, borderColor: color, borderStyle: derived ? 'dashed' : 'solid' }}
    >
      <Typography.Text type="secondary">{title}</Typography.Text>
      <Typography.Text strong style={{ fontSize: 18, color }}>
        {fmt.powerText(kW === null ? null : Math.abs(kW))}
      </Typography.Text>
      {note !== undefined && <Typography.Text type="secondary">{note}</Typography.Text>}
      {derived && (
        <Typography.Text type="secondary" italic>
          {t('stationDetail.flow.derived')}
        </Typography.Text>
      )}
    </div>
  );
}

function Arrow({
  direction,
  towardsLoad,
}: {
  direction: Direction;
  towardsLoad: 'left' | 'right';
}): ReactElement {
  if (direction === 'idle') return <MinusOutlined className="station-flow-arrow" />;
  // 'in' means energy flows towards the load from this side.
  const pointsRight = (direction === 'in') === (towardsLoad === 'right');
  return pointsRight ? (
    <ArrowRightOutlined className="station-flow-arrow" data-direction={direction} />
  ) : (
    <ArrowLeftOutlined className="station-flow-arrow" data-direction={direction} />
  );
}

/**
 * The station's energy flow now: PV into the load, the grid importing or exporting, the battery charging
 * or discharging (with its state of charge). Parts the station has no device for are left out. Flows the
 * energy balance derived rather than measured (the load always; the grid of a plant without a meter) are
 * drawn dashed and marked "derived". A plant without consumers of its own has no load node: its PV,
 * battery and grid meet at a junction.
 */
export function EnergyFlow({ flow }: { flow: EnergyFlowData | undefined }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  if (flow === undefined) return <Card loading data-testid={TestId.stationDetailFlow} />;
  const grid = directionOf(flow.gridKw);
  const battery = directionOf(flow.batteryKw);
  // Battery: + charge (load side → battery), − discharge (battery → load side).
  const batteryTowardsLoad: Direction = battery === 'in' ? 'out' : battery === 'out' ? 'in' : 'idle';
  const derived = (name: EnergyFlowData['derived'][number]): boolean => flow.derived.includes(name);
  // The balance derives the grid only for a plant without consumers (zero load by kind).
  const hasLoad = !(derived('grid') && flow.loadKw === null);
  return (
    <Card size="small" title={t('stationDetail.flow.title')} data-testid={TestId.stationDetailFlow}>
      <Flex vertical align="center" gap={4}>
        {flow.pvKw !== null && (
          <>
            <FlowNode
              kind="pv"
              kW={flow.pvKw}
              color={POWER_COLORS.pvKw}
              title={t('stationDetail.flow.pv')}
              derived={derived('pv')}
            />
            {directionOf(flow.pvKw) === 'idle' ? (
              <MinusOutlined rotate={90} className="station-flow-arrow" />
            ) : (
              <ArrowDownOutlined className="station-flow-arrow" />
            )}
          </>
        )}
        <Flex align="center" justify="center" gap={6} wrap>
          {flow.gridKw !== null && (
            <>
              <FlowNode
                kind="grid"
                kW={flow.gridKw}
                color={POWER_COLORS.gridKw}
                title={t('stationDetail.flow.grid')}
                note={t(`stationDetail.flow.grid.${grid}`)}
                derived={derived('grid')}
              />
              <Arrow direction={grid} towardsLoad="right" />
            </>
          )}
          {hasLoad ? (
            <FlowNode
              kind="load"
              kW={flow.loadKw}
              color={POWER_COLORS.loadKw}
              title={t('stationDetail.flow.load')}
              derived={derived('load')}
            />
          ) : (
            <span
              style={JUNCTION_STYLE}
              role="img"
              aria-label={t('stationDetail.flow.junction')}
              title={t('stationDetail.flow.junction')}
              data-testid={TestId.stationDetailFlowJunction}
            />
          )}
          {flow.batteryKw !== null && (
            <>
              <Arrow direction={batteryTowardsLoad} towardsLoad="left" />
              <FlowNode
                kind="battery"
                kW={flow.batteryKw}
                color={POWER_COLORS.batteryKw}
                title={t('stationDetail.flow.battery')}
                derived={derived('battery')}
                note={
                  <>
                    {t(`stationDetail.flow.battery.${battery}`)}
                    {flow.socPct !== null && ` · ${fmt.fixed(flow.socPct, 0)}%`}
                  </>
                }
              />
            </>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
