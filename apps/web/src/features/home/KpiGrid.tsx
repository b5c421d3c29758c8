import type { ReactElement, ReactNode } from 'react';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { StatusDot, statusLabelKey } from '../../components/StatusTag';
import type { Kpi, StatusCount } from './homeModel';

/** A titled card of figures, each its label over its value and unit (values are already formatted). */
export function KpiGrid({
  title,
  kpis,
  raw,
  extra,
  loading,
}: {
  title: ReactNode;
  kpis: Kpi[];
  /** The API's unformatted number per figure, kept on the element for tests and screen readers. */
  raw: Record<string, number | null>;
  extra?: ReactElement;
  loading: boolean;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Card title={title} extra={extra} size="small" loading={loading} className="home-card">
      <Row gutter={[12, 12]}>
        {kpis.map((kpi) => (
          <Col key={kpi.key} xs={12} sm={8} xl={kpis.length > 4 ? 4 : 6}>
            <div
              className="home-kpi"
              data-testid={`${TestId.homeKpi}-${kpi.key}`}
              data-raw={raw[kpi.key] ?? ''}
            >
              <div className="home-kpi-label">{t(kpi.labelKey)}</div>
              <div className="home-kpi-value">
                <span>{kpi.value.value}</span>
                {kpi.value.unit !== '' && <span className="home-kpi-unit">{kpi.value.unit}</span>}
              </div>
            </div>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** Counts by status with a coloured dot each, and the total. */
export function StatusCounts({
  title,
  counts,
  total,
  testId,
  loading,
}: {
  title: string;
  counts: StatusCount[];
  total: number | undefined;
  testId: string;
  loading: boolean;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" loading={loading} className="home-card" data-testid={testId}>
      <div className="home-status-total" data-testid={`${testId}-total`} data-raw={total ?? ''}>
        <span className="home-kpi-label">{t('home.status.total')}</span>
        <span className="home-kpi-value">{total ?? '-'}</span>
      </div>
      <div className="home-status-list">
        {counts.map((c) => (
          <div key={c.key} className="home-status-item" data-testid={`${testId}-${c.key}`} data-raw={c.count}>
            <StatusDot status={c.status} resting={c.kind === 'device' && c.resting === true} />
            <span className="home-status-label">
              {t(
                c.kind === 'station'
                  ? statusLabelKey('station', c.status)
                  : c.resting === true
                    ? 'status.device.resting'
                    : statusLabelKey('device', c.status),
              )}
            </span>
            <span className="home-status-count">{c.count}</span>
          </div>
        ))}
      </div>
    </Card>
  );
}
