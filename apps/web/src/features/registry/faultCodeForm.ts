import {
  emptyFaultCodeTexts,
  type AlarmLevel,
  type FaultCode,
  type FaultCodeBody,
  type FaultCodeScope,
  type FaultCodeTexts,
  type FieldError,
} from '@sunfleet/contracts';

/** The create/edit form: the scope picks which of definition and model applies. */
export interface FaultCodeValues {
  scope: FaultCodeScope;
  definitionId?: number;
  modelId?: number;
  code: number;
  level: AlarmLevel;
  texts: FaultCodeTexts;
}

export const NEW_FAULT_CODE: Omit<FaultCodeValues, 'code'> & { code?: number } = {
  scope: 'GLOBAL',
  level: 'COMMONLY',
  texts: emptyFaultCodeTexts(),
};

export function faultCodeValues(entry: FaultCode): FaultCodeValues {
  return {
    scope: entry.scope,
    definitionId: entry.definitionId ?? undefined,
    modelId: entry.modelId ?? undefined,
    code: entry.code,
    level: entry.level,
    texts: entry.texts,
  };
}

const trimmed = (texts: FaultCodeTexts): FaultCodeTexts => {
  const out = emptyFaultCodeTexts();
  for (const language of ['CN', 'EN', 'DE', 'ITA'] as const)
    for (const field of ['description', 'cause', 'handling'] as const)
      out[language][field] = (texts[language]?.[field] ?? '').trim();
  return out;
};

/** The request body: only the id of the chosen scope, texts trimmed (a field never typed is empty). */
export function faultCodeBody(values: FaultCodeValues): FaultCodeBody {
  return {
    modelId: values.scope === 'MODEL' ? (values.modelId ?? null) : null,
    definitionId: values.scope === 'DEFINITION' ? (values.definitionId ?? null) : null,
    code: values.code,
    level: values.level,
    texts: trimmed(values.texts),
  };
}

/** The problems of a refused import, as lines "row 3, Level: …" (the server's English detail). */
export function importProblemLines(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return (data as FieldError[]).filter((e) => typeof e.message === 'string').map((e) => e.message);
}
