import { DEFAULT_LANGUAGE, isLanguageKey, LANGUAGE_COOKIE, type LanguageKey } from '@sunfleet/contracts';
import { and, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema.js';

const TEMPLATES = {
  code: { subject: 'security.mail.codeSubject', body: 'security.mail.codeBody' },
  name: { subject: 'security.mail.nameSubject', body: 'security.mail.nameBody' },
  // Comments and feedback: the sender is told of a staff answer (docs/feedback.md).
  feedbackAnswer: { subject: 'feedback.mail.answerSubject', body: 'feedback.mail.answerBody' },
} as const;

export type MailTemplate = keyof typeof TEMPLATES;

export interface ComposedMail {
  subject: string;
  text: string;
  /** The same text with secrets (the code) masked, for the outbox once the mail has left. */
  redactedText: string;
}

const fill = (template: string, vars: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

/** Mail texts come from the translation table, so administrators can edit them like any other text. */
export class MailTexts {
  constructor(private readonly db: Db) {}

  async compose(
    template: MailTemplate,
    language: string,
    vars: Record<string, string>,
    secrets: readonly string[],
  ): Promise<ComposedMail> {
    const keys = [TEMPLATES[template].subject, TEMPLATES[template].body];
    const rows = await this.db
      .select()
      .from(translations)
      .where(
        and(inArray(translations.key, keys), inArray(translations.language, [language, DEFAULT_LANGUAGE])),
      );
    const text = (key: string): string =>
      rows.find((r) => r.key === key && r.language === language)?.value ??
      rows.find((r) => r.key === key)?.value ??
      key;
    const masked = Object.fromEntries(
      Object.entries(vars).map(([k, v]) => [k, secrets.includes(k) ? '*'.repeat(v.length) : v]),
    );
    const body = text(TEMPLATES[template].body);
    return {
      subject: fill(text(TEMPLATES[template].subject), vars),
      text: fill(body, vars),
      redactedText: fill(body, masked),
    };
  }
}

/** The language an anonymous visitor chose (SettingLanguage cookie), else the browser's, else English. */
export function requestLanguage(request: FastifyRequest): LanguageKey {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && value !== undefined && isLanguageKey(value)) return value;
  }
  const browser = (request.headers['accept-language'] ?? '').slice(0, 2).toLowerCase();
  const byBrowser: Record<string, LanguageKey> = { zh: 'CN', de: 'DE', it: 'ITA', en: 'EN' };
  return byBrowser[browser] ?? DEFAULT_LANGUAGE;
}
