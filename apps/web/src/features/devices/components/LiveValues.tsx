import type { ReactElement } from 'react';
import { Card, Col, Descriptions, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import type { DeviceGroup, DeviceLatest } from '../api';
import { formatMeasure } from '../format';

/** Groups shown elsewhere on the page: MPPT channels have their own table. */
const OWN_SECTION = new Set(['mppt']);

/**
 * The newest values grouped by the model's display groups (registry), each measure with its translated
 * name and its unit; values not yet reported show '-'.
 */
export function LiveValues({
  groups,
  latest,
}: {
  groups: readonly DeviceGroup[];
  latest: DeviceLatest | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const shown = groups.filter((g) => !OWN_SECTION.has(g.key) && g.measures.length > 0);
  if (shown.length === 0) return <Empty description={t('deviceWeb.noMeasures')} />;
  return (
    <Row gutter={[16, 16]} data-testid={TestId.deviceLiveValues}>
      {shown.map((group) => (
        <Col key={group.key} xs={24} lg={12} xxl={8}>
          <Card
            size="small"
            title={t(group.nameKey)}
            data-testid={TestId.deviceLiveGroup}
            data-group={group.key}
          >
            <Descriptions column={1} size="small">
              {group.measures.map((m) => (
                <Descriptions.Item key={m.key} label={t(m.nameKey)}>
                  <span data-testid={TestId.deviceLiveValue} data-measure={m.key}>
                    {formatMeasure(latest?.values[m.key] ?? null, m.unit)}
                  </span>
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
