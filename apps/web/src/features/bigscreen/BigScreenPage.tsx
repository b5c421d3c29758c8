import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useBigScreen } from './api';
import { BigScreenTopBar } from './BigScreenTopBar';
import { CentreColumn, LeftColumn, RightColumn } from './BigScreenColumns';
import { browserZoneOffset, STAGE, stageScale } from './bigScreenModel';
import { BigScreenTestId } from './testIds';
import { useShowcaseCounters } from './useShowcaseCounters';
import './bigscreen.css';

/** The viewport's size, following resizes. */
function useViewport(): { width: number; height: number } {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = (): void => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/**
 * The big screen (SPEC §2): a 1920×1080 stage scaled as a whole to the screen, with the top bar, the
 * station/device/impact figures, the world map and power curve, and income, loggers and rankings.
 */
export function BigScreenPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  useDocumentTitle(t(meta.title));
  const zoneOffset = useMemo(() => browserZoneOffset(), []);
  const summary = useBigScreen(zoneOffset);
  const data = summary.data;
  const showcase = useShowcaseCounters(data?.showcase === true);
  const { width, height } = useViewport();
  const scale = stageScale(width, height);

  return (
    <main className="big-screen" data-testid={BigScreenTestId.page}>
      <div
        className="big-screen-stage"
        data-testid={BigScreenTestId.stage}
        data-scale={scale}
        style={{
          width: STAGE.width,
          height: STAGE.height,
          transform: `translate(-50%, -50%) scale(${scale})`,
        }}
      >
        <BigScreenTopBar data={data} />
        {data === undefined ? (
          <div className="big-screen-waiting">
            {summary.isError ? (
              <span data-testid={BigScreenTestId.loadFailed}>{t('bigScreen.loadFailed')}</span>
            ) : (
              <Spin size="large" />
            )}
          </div>
        ) : (
          <div className="big-screen-body" data-generated={data.generatedAt}>
            <LeftColumn data={data} showcase={showcase} />
            <CentreColumn data={data} />
            <RightColumn data={data} />
          </div>
        )}
      </div>
    </main>
  );
}
