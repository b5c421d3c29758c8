type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A string as the screens name it: "MPPT 1 · string 2". */
export const stringName = (t: Translate, s: { mppt: number; string: number }): string =>
  t('ivWeb.stringName', { mppt: s.mppt, string: s.string });
