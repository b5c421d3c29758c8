import type { ReactElement } from 'react';
import { Card, Col, Descriptions, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../lib/numberFormat';
import { TestId } from '../../../testids';
import type { DeviceGroup, DeviceLatest } from '../api';
import { measureText } from '../format';

/**
 * Groups shown elsewhere on the page: the strings have their own card, and the identity of the common
 * model (manufacturer, model, serial, version, address) is what hello said, in "Device information" (the
 * readings leave it out).
 */
const OWN_SECTION = new Set(['mppt', 'common']);

/**
 * The newest values grouped by the model's display groups (registry), each measure with its translated
 * name and its unit, enumerated values as words; values not yet reported show '-'.
 */
export function LiveValues({
  groups,
  latest,
}: {
  groups: readonly DeviceGroup[];
  latest: DeviceLatest | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
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
                    {measureText(t, m, latest?.values[m.key] ?? null, fmt.locale)}
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
