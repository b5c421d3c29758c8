// The one lookup the rest of the server uses to explain an alarm code: the catalogue entry of the device's
// model, else of its protocol definition, else a global entry — or an explicit UNKNOWN answer, so an
// unknown code is shown as unknown and never dropped.
import {
  DEFAULT_LANGUAGE,
  faultCodeText,
  isLanguageKey,
  type AlarmLevel,
  type LanguageKey,
} from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { FaultCodesRepository, textsOf } from './fault-codes.repository.js';

/** Where an alarm came from, as the catalogue sees it. */
export interface AlarmScope {
  modelId: number | null;
  definitionId: number | null;
}

export type AlarmDescription =
  | {
      known: true;
      entryId: number;
      level: AlarmLevel;
      description: string;
      cause: string;
      handling: string;
    }
  | { known: false; description: null; cause: null; handling: null };

export const UNKNOWN_CODE: AlarmDescription = Object.freeze({
  known: false,
  description: null,
  cause: null,
  handling: null,
});

interface Entry {
  id: number;
  modelId: number | null;
  definitionId: number | null;
  code: number;
}

/** The entry that applies: the model's own, else the definition's, else the global one. */
export function applicableEntry<E extends Entry>(
  entries: readonly E[],
  scope: AlarmScope | null,
  code: number,
): E | undefined {
  const ofCode = entries.filter((e) => e.code === code);
  if (scope?.modelId != null) {
    const own = ofCode.find((e) => e.modelId === scope.modelId);
    if (own !== undefined) return own;
  }
  if (scope?.definitionId != null) {
    const own = ofCode.find((e) => e.definitionId === scope.definitionId);
    if (own !== undefined) return own;
  }
  return ofCode.find((e) => e.modelId === null && e.definitionId === null);
}

/** A language key from whatever a user row holds (EN when unknown). */
export function languageKey(value: string | null | undefined): LanguageKey {
  return value != null && isLanguageKey(value) ? value : DEFAULT_LANGUAGE;
}

/** The language a user chose (EN when unknown). */
export async function userLanguage(db: Db, userId: number): Promise<LanguageKey> {
  const rows = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return languageKey(rows[0]?.language);
}

/** An entry's words in `language` (English where that language has none), or UNKNOWN without an entry. */
function describeEntry(
  entry: (Parameters<typeof textsOf>[0] & { id: number; level: AlarmLevel }) | undefined,
  language: LanguageKey,
): AlarmDescription {
  if (entry === undefined) return UNKNOWN_CODE;
  const texts = textsOf(entry);
  return {
    known: true,
    entryId: entry.id,
    level: entry.level,
    description: faultCodeText(texts, language, 'description'),
    cause: faultCodeText(texts, language, 'cause'),
    handling: faultCodeText(texts, language, 'handling'),
  };
}

export class FaultCatalogue {
  private readonly repo: FaultCodesRepository;

  constructor(db: Db) {
    this.repo = new FaultCodesRepository(db);
  }

  /** The catalogue text of one code for a model or definition (null: global entries only). */
  async describeAlarm(
    scope: AlarmScope | null,
    code: number,
    language: LanguageKey,
  ): Promise<AlarmDescription> {
    const entries = await this.repo.candidates(
      [code],
      scope?.modelId != null ? [scope.modelId] : [],
      scope?.definitionId != null ? [scope.definitionId] : [],
    );
    return describeEntry(applicableEntry(entries, scope, code), language);
  }

  /**
   * The catalogue texts of alarm rows in a few statements: each row's scope comes from its device (or, for
   * the logger's own alarms, from the logger's model), answers in the order of `rows`.
   */
  async describeAlarms(
    rows: readonly { deviceId: number | null; gatewayId: number; code: number }[],
    language: LanguageKey,
  ): Promise<AlarmDescription[]> {
    if (rows.length === 0) return [];
    const deviceIds = [...new Set(rows.flatMap((r) => (r.deviceId === null ? [] : [r.deviceId])))];
    const gatewayIds = [...new Set(rows.flatMap((r) => (r.deviceId === null ? [r.gatewayId] : [])))];
    const [deviceScopes, gatewayScopes] = await Promise.all([
      this.repo.deviceScopes(deviceIds),
      this.repo.gatewayScopes(gatewayIds),
    ]);
    const scopeOf = (r: (typeof rows)[number]): AlarmScope | null =>
      (r.deviceId === null ? gatewayScopes.get(r.gatewayId) : deviceScopes.get(r.deviceId)) ?? null;
    const scopes = rows.map(scopeOf);
    const entries = await this.repo.candidates(
      [...new Set(rows.map((r) => r.code))],
      [...new Set(scopes.flatMap((s) => (s?.modelId == null ? [] : [s.modelId])))],
      [...new Set(scopes.flatMap((s) => (s?.definitionId == null ? [] : [s.definitionId])))],
    );
    return rows.map((r, i) => {
      return describeEntry(applicableEntry(entries, scopes[i] ?? null, r.code), language);
    });
  }
}

/** The catalogue fields of an alarm row (contracts AlarmItem). */
export interface CatalogueText {
  known: boolean;
  description: string | null;
  cause: string | null;
  handling: string | null;
}

/** Alarm rows with their catalogue text added (one place for every alarm read). */
export async function withCatalogueText<
  T extends { deviceId: number | null; gatewayId: number; code: number },
>(catalogue: FaultCatalogue, rows: readonly T[], language: LanguageKey): Promise<(T & CatalogueText)[]> {
  const described = await catalogue.describeAlarms(rows, language);
  return rows.map((row, i) => {
    const d = described[i] ?? UNKNOWN_CODE;
    return { ...row, known: d.known, description: d.description, cause: d.cause, handling: d.handling };
  });
}
