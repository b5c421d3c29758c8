import { useMemo, type ReactElement } from 'react';
import { Alert, Col, Row, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { IvComparison, IvCurve, IvDiagnosis } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/chart/EChart';
import { stringName } from '../../components/pv-strings/stringName';
import { useNumberFormat } from '../../lib/numberFormat';
import { curveChartOption, curveSeries } from './curveSeries';
import {
  FIGURE_LABEL,
  VERDICT_COLOR,
  VERDICT_HELP,
  VERDICT_LABEL,
  evidenceText,
  figureText,
  irradianceText,
  percentText,
} from './ivText';
import { IvTestId } from './testIds';

/** The verdict as a coloured tag; "not diagnosed" without stored modules. */
export function VerdictTag({ diagnosis }: { diagnosis: IvDiagnosis | null }): ReactElement {
  const { t } = useTranslation();
  return diagnosis === null ? (
    <Tag data-testid={IvTestId.verdict} data-verdict="">
      {t('ivWeb.verdict.none')}
    </Tag>
  ) : (
    <Tag
      color={VERDICT_COLOR[diagnosis.verdict]}
      data-testid={IvTestId.verdict}
      data-verdict={diagnosis.verdict}
    >
      {t(VERDICT_LABEL[diagnosis.verdict])}
    </Tag>
  );
}

/** Each figure measured, expected, their ratio, and against the peers. */
function FiguresTable({ diagnosis }: { diagnosis: IvDiagnosis }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const columns: TableColumnsType<IvComparison> = [
    {
      title: t('ivWeb.column.figure'),
      dataIndex: 'figure',
      render: (f: IvComparison['figure']) => t(FIGURE_LABEL[f]),
    },
    {
      title: t('ivWeb.column.measured'),
      key: 'measured',
      render: (_: unknown, c) => figureText(c.figure, c.measured, fmt),
    },
    {
      title: t('ivWeb.column.expected'),
      key: 'expected',
      render: (_: unknown, c) => figureText(c.figure, c.expected, fmt),
    },
    { title: t('ivWeb.column.ratio'), dataIndex: 'ratio', render: (r: number | null) => percentText(r, fmt) },
    {
      title:
        diagnosis.peers === 0
          ? t('ivWeb.column.noPeers')
          : t('ivWeb.column.vsPeers', { count: diagnosis.peers }),
      dataIndex: 'relative',
      render: (r: number | null) => percentText(r, fmt),
    },
  ];
  return (
    <Table<IvComparison>
      size="small"
      rowKey="figure"
      columns={columns}
      dataSource={diagnosis.comparisons}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={IvTestId.figures}
    />
  );
}

/** The verdict, what it means and the evidence behind it, in words. */
function Verdict({ diagnosis }: { diagnosis: IvDiagnosis }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const help =
    diagnosis.verdict === 'BYPASS_DIODE_FAILED'
      ? t(VERDICT_HELP.BYPASS_DIODE_FAILED, { count: diagnosis.substringsLost })
      : t(VERDICT_HELP[diagnosis.verdict]);
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Typography.Text>{help}</Typography.Text>
      {diagnosis.evidence.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid={IvTestId.evidence}>
          {diagnosis.evidence.map((e, k) => (
            <li key={k}>{evidenceText(e, t, fmt)}</li>
          ))}
        </ul>
      )}
      {diagnosis.pmaxStc !== null && (
        <Typography.Text type="secondary">
          {t('ivWeb.pmaxStc', { value: fmt.powerText(diagnosis.pmaxStc / 1000) })}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * A scanned string's line in its inverter's list, readable while folded: its name, the verdict, Pmax and
 * fill factor as measured, and the irradiance and cell temperature of the scan.
 */
export function IvCurveHeader({ curve }: { curve: IvCurve }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const figures = curve.diagnosis?.figures ?? curve.reported;
  return (
    <Space
      wrap
      size={12}
      data-testid={IvTestId.curve}
      data-mppt={curve.mppt}
      data-string={curve.string}
      data-verdict={curve.diagnosis?.verdict ?? ''}
    >
      <Typography.Text strong>{stringName(t, curve)}</Typography.Text>
      <VerdictTag diagnosis={curve.diagnosis} />
      <Typography.Text>
        {`${t(FIGURE_LABEL.pmax)} ${figureText('pmax', figures.pmax, fmt)} · ${t(FIGURE_LABEL.fillFactor)} ${figureText('fillFactor', figures.fillFactor, fmt)}`}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('ivWeb.conditionsOfScan', {
          irradiance: irradianceText(curve.irradiance, fmt),
          cellTemp: fmt.fixedUnit(curve.cellTemp, 1, '°C'),
        })}
      </Typography.Text>
    </Space>
  );
}

/**
 * One scanned string unfolded: what its verdict means and the evidence, the I–V and P–V charts (measured,
 * and the expected curve when its modules are stored) and the figures against the expected and the peers.
 */
export function IvCurveResult({ curve }: { curve: IvCurve }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const { diagnosis } = curve;
  const options = useMemo(() => {
    const series = curveSeries(curve);
    const base = {
      measured: t('ivWeb.chart.measured'),
      expected: t('ivWeb.chart.expected'),
      voltage: t('ivWeb.chart.voltage'),
    };
    const x = (v: number): string => fmt.fixedUnit(v, 1, 'V');
    return {
      iv: curveChartOption(
        series.measuredIv,
        series.expectedIv,
        { ...base, y: t('ivWeb.chart.current') },
        {
          x,
          y: (v) => fmt.fixedUnit(v, 2, 'A'),
        },
      ),
      pv: curveChartOption(
        series.measuredPv,
        series.expectedPv,
        { ...base, y: t('ivWeb.chart.power') },
        {
          x,
          y: (v) => fmt.fixedUnit(v, 0, 'W'),
        },
      ),
    };
  }, [curve, t, fmt]);

  return (
    <div data-testid={IvTestId.curveBody} data-mppt={curve.mppt} data-string={curve.string}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {diagnosis === null ? (
          <Alert type="info" showIcon title={t('ivWeb.noModules')} />
        ) : (
          <Verdict diagnosis={diagnosis} />
        )}
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <EChart option={options.iv} height={260} testId={IvTestId.ivChart} />
          </Col>
          <Col xs={24} xl={12}>
            <EChart option={options.pv} height={260} testId={IvTestId.pvChart} />
          </Col>
        </Row>
        {diagnosis !== null && <FiguresTable diagnosis={diagnosis} />}
      </Space>
    </div>
  );
}
