import type { ReactElement, ReactNode } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { TestId } from '../../../testids';

export interface Figure {
  key: string;
  label: string;
  /** Already formatted (SPEC §9 rules). */
  value: string;
  /** A line under the value (a direction, a note). */
  note?: ReactNode;
}

/** A device page's headline figures as tiles; each carries `data-figure` with its key for tests. */
export function Figures({ items, testId }: { items: readonly Figure[]; testId?: string }): ReactElement {
  return (
    <Row gutter={[12, 12]} data-testid={testId}>
      {items.map((f) => (
        <Col key={f.key} xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }}>
            <div data-testid={TestId.deviceFigure} data-figure={f.key}>
              <Statistic title={f.label} value={f.value} />
              {f.note !== undefined && <div style={{ marginTop: 4 }}>{f.note}</div>}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
