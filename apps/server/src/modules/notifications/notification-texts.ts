// The words of notification mails: alarmText (the one place the fault-code catalogue plugs in), the
// translation table's notifications.* texts per language, and the composition of alarm mails and digests.
import { DEFAULT_LANGUAGE, isLanguageKey, type LanguageKey } from '@sunfleet/contracts';
import { formatEnergyChineseText, formatEnergyText, formatInZoneLabelled } from '@sunfleet/domain';
import { like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema.js';
import type { AlarmDescription } from '../fault-codes/describe.js';

/** What a mail says about an alarm. */
export interface AlarmFacts {
  id: number;
  code: number;
  level: 'URGENT' | 'IMPORTANT' | 'COMMONLY' | 'PROMPT';
  kind: 'ALARM' | 'EVENT';
  message: string | null;
  startedAt: Date;
  endedAt: Date | null;
  deviceId: number | null;
  deviceSn: string | null;
  deviceName: string | null;
  deviceModel: string | null;
  gatewayId: number;
  gatewaySn: string;
}

/** What the fault-code catalogue says of an alarm in the mail's language (fault-codes/describe.ts). */
export type CatalogueText =
  | Pick<Extract<AlarmDescription, { known: true }>, 'known' | 'description' | 'cause' | 'handling'>
  | Pick<Extract<AlarmDescription, { known: false }>, 'known' | 'description' | 'cause' | 'handling'>;

/**
 * The text of an alarm: the fault-code catalogue's description for the device's model and the mail's
 * language when the code is known, else the alarm's own message (from the logger), with the code.
 */
export function alarmText(alarm: Pick<AlarmFacts, 'code' | 'message'>, catalogue?: CatalogueText): string {
  const text = catalogue?.known === true ? catalogue.description : alarm.message?.trim();
  return text ? `${text} (${alarm.code})` : `#${alarm.code}`;
}

/** The Intl locale of each mail language (as the console's numberFormat). */
const LOCALE: Record<LanguageKey, string> = { CN: 'zh-CN', EN: 'en-US', DE: 'de-DE', ITA: 'it-IT' };

export function languageOf(value: string): LanguageKey {
  return isLanguageKey(value) ? value : DEFAULT_LANGUAGE;
}

export function energyText(kWh: number | null, language: LanguageKey): string {
  return language === 'CN' ? formatEnergyChineseText(kWh) : formatEnergyText(kWh, LOCALE[language]);
}

const fill = (template: string, vars: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

export type Texts = (key: string, vars?: Record<string, string>) => string;

/**
 * The notifications.* texts of the translation table (so administrators edit them like any other text),
 * read once per worker round before its transactions; a key missing in a language falls back to English.
 */
export class NotificationTexts {
  private constructor(private readonly byLanguage: Map<string, Map<string, string>>) {}

  static async load(db: Db): Promise<NotificationTexts> {
    const rows = await db
      .select({ language: translations.language, key: translations.key, value: translations.value })
      .from(translations)
      .where(like(translations.key, 'notifications.%'));
    const byLanguage = new Map<string, Map<string, string>>();
    for (const r of rows) {
      let map = byLanguage.get(r.language);
      if (map === undefined) {
        map = new Map<string, string>();
        byLanguage.set(r.language, map);
      }
      map.set(r.key, r.value);
    }
    return new NotificationTexts(byLanguage);
  }

  for(language: LanguageKey): Texts {
    const own = this.byLanguage.get(language);
    const fallback = this.byLanguage.get(DEFAULT_LANGUAGE);
    return (key, vars = {}) => fill(own?.get(key) ?? fallback?.get(key) ?? key, vars);
  }
}

export interface StationFacts {
  id: number;
  name: string;
  timeZone: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
}

export interface MailContext {
  texts: Texts;
  language: LanguageKey;
  /** The catalogue's words for the alarms of the mail, by alarm id, in `language`. */
  catalogue?: ReadonlyMap<number, CatalogueText>;
  subscriptionSubject: string;
  email: string;
  stationLink: string;
  unsubscribeLink: string;
}

const SUBJECT_OF = {
  RAISED: 'notifications.mail.raisedSubject',
  CLEARED: 'notifications.mail.clearedSubject',
  SNOOZE_ENDED: 'notifications.mail.reminderSubject',
  ESCALATED: 'notifications.mail.escalatedSubject',
} as const;
const INTRO_OF = {
  RAISED: 'notifications.mail.raisedIntro',
  CLEARED: 'notifications.mail.clearedIntro',
  SNOOZE_ENDED: 'notifications.mail.reminderIntro',
  ESCALATED: 'notifications.mail.escalatedIntro',
} as const;
export type MailedEvent = keyof typeof SUBJECT_OF;

/**
 * Which subscriptions an event is mailed to: REAL_TIME ones for raises, clears and ends of snooze; the
 * ESCALATION ones (the second recipient list) for escalations only. Other events are not mailed.
 */
export function mailedTo(
  kind: string,
): { event: MailedEvent; notifyType: 'REAL_TIME' | 'ESCALATION' } | null {
  if (kind === 'ESCALATED') return { event: kind, notifyType: 'ESCALATION' };
  if (kind === 'RAISED' || kind === 'CLEARED' || kind === 'SNOOZE_ENDED')
    return { event: kind, notifyType: 'REAL_TIME' };
  return null;
}

function deviceLabel(alarm: AlarmFacts): string {
  if (alarm.deviceSn === null) return alarm.gatewaySn;
  return alarm.deviceName ? `${alarm.deviceName} (${alarm.deviceSn})` : alarm.deviceSn;
}

/** A REAL_TIME or ESCALATION mail: one alarm transition, times in the station's zone. */
export function composeAlarmMail(
  kind: MailedEvent,
  alarm: AlarmFacts,
  station: StationFacts,
  ctx: MailContext,
): ComposedMail {
  const t = ctx.texts;
  const described = ctx.catalogue?.get(alarm.id);
  const text = alarmText(alarm, described);
  const level = t(`notifications.level.${alarm.level}`);
  const subject = t(SUBJECT_OF[kind], {
    subject: ctx.subscriptionSubject,
    level,
    station: station.name,
    text,
  });
  const body = [
    t(INTRO_OF[kind]),
    '',
    t('notifications.mail.alarmDetails', {
      station: station.name,
      device: deviceLabel(alarm),
      text,
      code: String(alarm.code),
      level,
      startedAt: formatInZoneLabelled(alarm.startedAt.getTime(), station.timeZone),
      endedAt: alarm.endedAt === null ? '-' : formatInZoneLabelled(alarm.endedAt.getTime(), station.timeZone),
    }),
    ...(described?.known === true
      ? [
          '',
          t('notifications.mail.cause', { cause: described.cause }),
          t('notifications.mail.handling', { handling: described.handling }),
        ]
      : []),
    ...mailFooter(ctx),
  ];
  return { subject: oneLine(subject), text: body.join('\n') };
}

/** Lines of a digest list at most; the rest is counted. */
const DIGEST_LINES = 30;

export interface DigestFacts {
  date: string;
  energyKwh: number | null;
  open: AlarmFacts[];
  raised: AlarmFacts[];
  cleared: AlarmFacts[];
}

/** A FIXED_TIME digest: the day's energy and the open, raised and cleared alarms. */
export function composeDigestMail(
  digest: DigestFacts,
  station: StationFacts,
  ctx: MailContext,
): ComposedMail {
  const t = ctx.texts;
  const line = (a: AlarmFacts, at: Date): string =>
    `- ${formatInZoneLabelled(at.getTime(), station.timeZone)}  ${t(`notifications.level.${a.level}`)}  ` +
    `${deviceLabel(a)}  ${alarmText(a, ctx.catalogue?.get(a.id))}`;
  const section = (title: string, alarms: AlarmFacts[], at: (a: AlarmFacts) => Date): string[] => {
    const lines = alarms.slice(0, DIGEST_LINES).map((a) => line(a, at(a)));
    if (alarms.length === 0) lines.push(`- ${t('notifications.mail.none')}`);
    if (alarms.length > DIGEST_LINES)
      lines.push(t('notifications.mail.digestMore', { count: String(alarms.length - DIGEST_LINES) }));
    return ['', `${title}:`, ...lines];
  };
  const subject = t('notifications.mail.digestSubject', {
    subject: ctx.subscriptionSubject,
    station: station.name,
    date: digest.date,
  });
  const body = [
    t('notifications.mail.digestSummary', {
      station: station.name,
      date: digest.date,
      energy: energyText(digest.energyKwh, ctx.language),
      open: String(digest.open.length),
      raised: String(digest.raised.length),
      cleared: String(digest.cleared.length),
    }),
    ...section(t('notifications.mail.digestOpen'), digest.open, (a) => a.startedAt),
    ...section(t('notifications.mail.digestRaised'), digest.raised, (a) => a.startedAt),
    ...section(t('notifications.mail.digestCleared'), digest.cleared, (a) => a.endedAt ?? a.startedAt),
    ...mailFooter(ctx),
  ];
  return { subject: oneLine(subject), text: body.join('\n') };
}

/** The end of every mail: the station's link, then the signature with the subscription and its unsubscribe link. */
function mailFooter(ctx: MailContext): string[] {
  const t = ctx.texts;
  return [
    '',
    t('notifications.mail.openLink', { link: ctx.stationLink }),
    '',
    '-- ',
    t('notifications.mail.unsubscribe', {
      email: ctx.email,
      subject: ctx.subscriptionSubject,
      link: ctx.unsubscribeLink,
    }),
  ];
}

/** Subjects are one line: a logger's message or a station name never adds a header. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').slice(0, 250);
}
