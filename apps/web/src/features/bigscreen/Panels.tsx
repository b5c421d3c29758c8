import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A titled box of the stage. */
export function Panel({
  title,
  testId,
  children,
  extra,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  extra?: ReactNode;
}): ReactElement {
  return (
    <section className="big-screen-panel" data-testid={testId}>
      <header className="big-screen-panel-title">
        <span>{title}</span>
        {extra}
      </header>
      <div className="big-screen-panel-body">{children}</div>
    </section>
  );
}

export interface Figure {
  key: string;
  labelKey: string;
  /** Formatted for display. */
  text: string;
  unit?: string;
  /** The number as the API (or the showcase) gives it, kept for tests and screen readers. */
  raw: number | null;
  tone?: 'good' | 'warn' | 'bad' | 'muted';
}

/** Figures in a grid, each its value over its label; data-testid `${testId}-${key}` with data-raw. */
export function Figures({ figures, testId }: { figures: Figure[]; testId: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="big-screen-figures">
      {figures.map((f) => (
        <div
          key={f.key}
          className={`big-screen-figure${f.tone ? ` is-${f.tone}` : ''}`}
          data-testid={`${testId}-${f.key}`}
          data-raw={f.raw ?? ''}
        >
          <div className="big-screen-figure-value">
            {f.text}
            {f.unit ? <span className="big-screen-figure-unit">{f.unit}</span> : null}
          </div>
          <div className="big-screen-figure-label">{t(f.labelKey)}</div>
        </div>
      ))}
    </div>
  );
}

export interface RankRow {
  key: number;
  name: string;
  /** Formatted for display. */
  text: string;
  /** 0…1 of the bar. */
  share: number;
}

/** A ranking with bars; the station names render as text. */
export function Ranking({ rows, testId }: { rows: RankRow[]; testId: string }): ReactElement {
  const { t } = useTranslation();
  if (rows.length === 0) return <div className="big-screen-empty">{t('bigScreen.ranking.empty')}</div>;
  return (
    <ol className="big-screen-ranking" data-testid={`${testId}-list`}>
      {rows.map((r, i) => (
        <li key={r.key} data-testid={`${testId}-row`} data-station={r.key}>
          <span className="big-screen-rank">{i + 1}</span>
          <span className="big-screen-rank-name" title={r.name}>
            {r.name}
          </span>
          <span className="big-screen-rank-bar">
            <span style={{ width: `${Math.round(Math.max(0, Math.min(1, r.share)) * 100)}%` }} />
          </span>
          <span className="big-screen-rank-value">{r.text}</span>
        </li>
      ))}
    </ol>
  );
}
