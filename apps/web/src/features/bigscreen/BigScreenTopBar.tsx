import { useEffect, useState, type ReactElement } from 'react';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BigScreenData } from '@sunfleet/contracts';
import { PowerMode } from '@sunfleet/domain';
import { Logo } from '../../components/Logo';
import { useNumberFormat } from '../../lib/numberFormat';
import { useInfo } from '../../lib/sessionData';
import { useSetShowcase } from './api';
import { BigScreenTestId } from './testIds';

/** The browser's date and time, ticking every second. */
function Clock(): ReactElement {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const text = new Intl.DateTimeFormat(i18n.language === 'CN' ? 'zh-CN' : undefined, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(now);
  return (
    <time className="big-screen-clock" dateTime={now.toISOString()} data-testid={BigScreenTestId.clock}>
      {text}
    </time>
  );
}

/** Only the platform's administrators see the switch; the server refuses anyone else anyway. */
function ShowcaseSwitch({ on }: { on: boolean }): ReactElement | null {
  const { t } = useTranslation();
  const info = useInfo(false).data;
  const setShowcase = useSetShowcase();
  if (info?.roleTypeEnum.key !== 'ADMINISTRATOR') return null;
  return (
    <label className="big-screen-switch">
      <Switch
        size="small"
        checked={on}
        loading={setShowcase.isPending}
        onChange={(checked) => setShowcase.mutate(checked)}
        data-testid={BigScreenTestId.showcaseSwitch}
      />
      <span>{t('bigScreen.showcase.switch')}</span>
    </label>
  );
}

/** Title, fleet totals, the showcase switch and the clock. */
export function BigScreenTopBar({ data }: { data: BigScreenData | undefined }): ReactElement {
  const { t } = useTranslation();
  const f = useNumberFormat();
  const k = data?.kpis;
  const showcase = data?.showcase === true;
  const totals = [
    // In showcase mode the site count would contradict the demonstration figures: it is left out.
    ...(showcase
      ? []
      : [{ key: 'stations', text: f.whole(k?.stationStatus.total), raw: k?.stationStatus.total }]),
    { key: 'capacity', text: f.powerText(k?.capacityKwp, PowerMode.peak), raw: k?.capacityKwp },
    { key: 'power', text: f.powerText(k?.powerKw), raw: k?.powerKw },
    { key: 'today', text: f.energyText(k?.todayKwh), raw: k?.todayKwh },
    { key: 'total', text: f.energyText(k?.totalKwh), raw: k?.totalKwh },
  ];
  return (
    <header className="big-screen-top">
      <div className="big-screen-brand">
        <Logo height={36} />
        <h1>{t('bigScreen.title')}</h1>
      </div>
      <dl className="big-screen-totals" data-testid={BigScreenTestId.totals}>
        {totals.map((x) => (
          <div key={x.key} data-testid={`${BigScreenTestId.totals}-${x.key}`} data-raw={x.raw ?? ''}>
            <dt>{t(`bigScreen.totals.${x.key}`)}</dt>
            <dd>{x.text}</dd>
          </div>
        ))}
      </dl>
      <div className="big-screen-top-right">
        {showcase && (
          <Tooltip title={t('bigScreen.showcase.hint')}>
            <span className="big-screen-showcase-badge" data-testid={BigScreenTestId.showcaseLabel}>
              {t('bigScreen.showcase.label')}
            </span>
          </Tooltip>
        )}
        <ShowcaseSwitch on={showcase} />
        <Clock />
      </div>
    </header>
  );
}
