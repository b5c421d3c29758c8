// The audit log ("Log management"): every write recorded by the server, listed and exported within the
// caller's scope. Rows are append-only; there is no endpoint that changes them.
import { Type, type Static } from 'typebox';
import { PageQueryFields } from './paging.js';

/**
 * Every action name the server records (route config `audit.action`, typed by this list, so a new action
 * cannot be added without it). The console shows each through the translation key `audit.action.<name>`;
 * routes without a name are recorded as "METHOD /api/path" and shown as they are.
 */
export const AUDIT_ACTIONS = [
  'session.login',
  'session.guestLogin',
  'session.switchRole',
  'session.logout',
  'security.register',
  'security.signUp',
  'security.sendCode',
  'security.findName',
  'security.findPassword',
  'profile.update',
  'profile.avatar',
  'profile.changeEmail',
  'profile.changeMobile',
  'profile.changePassword',
  'company.create',
  'company.update',
  'company.delete',
  'company.logo',
  'role.create',
  'role.update',
  'role.delete',
  'user.create',
  'user.update',
  'user.disable',
  'user.enable',
  'user.resetPassword',
  'country.create',
  'country.update',
  'country.delete',
  'currency.create',
  'currency.update',
  'currency.delete',
  'region.create',
  'region.update',
  'region.delete',
  'timezone.create',
  'timezone.update',
  'timezone.delete',
  'translation.update',
  'log.export',
  'deviceProtocol.create',
  'deviceProtocol.update',
  'deviceProtocol.delete',
  'deviceModel.create',
  'deviceModel.update',
  'displayGroup.create',
  'displayGroup.update',
  'displayGroup.delete',
  'deviceRule.create',
  'deviceRule.update',
  'deviceRule.delete',
  'faultCode.create',
  'faultCode.update',
  'faultCode.delete',
  'faultCode.import',
  'gateway.register',
  'gateway.import',
  'gateway.bind',
  'gateway.unbind',
  'gateway.rename',
  'gateway.secret',
  'device.acCouple.set',
  'device.acCouple.release',
  'command.create',
  'command.pending',
  'command.sent',
  'command.acknowledged',
  'command.done',
  'command.failed',
  'command.expired',
  'command.retry',
  'remote.register.read',
  'remote.register.write',
  'remote.storage.update',
  'remote.forwarding.update',
  'remote.factoryReset',
  'registerTest.run',
  'device.pvStrings.update',
  'iv.scan',
  'iv.autoScan',
  'recording.start',
  'firmware.upload',
  'firmware.delete',
  'upgrade.create',
  'upgrade.control',
  'station.create',
  'station.update',
  'station.delete',
  'station.assign',
  'station.rename',
  'station.photo',
  'station.follow',
  'station.unfollow',
  'station.subscription.create',
  'station.subscription.update',
  'station.subscription.delete',
  'shareLink.create',
  'shareLink.update',
  'shareLink.delete',
  'search.history.add',
  'search.history.clear',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.test',
  'alarm.acknowledge',
  'alarm.clear',
  'alarm.read',
  'alarm.snooze',
  'alarmRule.create',
  'alarmRule.update',
  'alarmRule.delete',
  'maintenanceWindow.create',
  'maintenanceWindow.update',
  'maintenanceWindow.delete',
  'feedback.create',
  'feedback.message',
  'feedback.state',
  'feedback.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An export holds at most this many rows (the newest); the file says so when more matched. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const AuditMessage = {
  /** `from` lies after `to`. */
  timeRangeInvalid: 'LogTimeRangeInvalid',
} as const;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  companyId: Type.Union([Type.Integer(), Type.Null()]),
  action: Type.String({ description: 'Stable action name, e.g. company.create, or "METHOD /api/path"' }),
  targetType: Type.Union([Type.String(), Type.Null()]),
  targetId: Type.Union([Type.String(), Type.Null()]),
  clientAddress: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
  status: Type.Integer({ description: '200 on success, otherwise the envelope status the caller received' }),
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** The filters shared by the list and the export. */
export const AuditFilterFields = {
  keyword: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Part of the user name, action, target, client address or request id',
    }),
  ),
  action: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'An action (company.create) or a whole area (company matches company.*)',
    }),
  ),
  userId: Type.Optional(Type.Integer({ minimum: 1 })),
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 999_999 })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Inclusive' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Exclusive' })),
};
export const AuditFilterQuery = Type.Object(AuditFilterFields);
export type AuditFilterQuery = Static<typeof AuditFilterQuery>;

export const AuditPageQuery = Type.Object({ ...PageQueryFields, ...AuditFilterFields });
export type AuditPageQuery = Static<typeof AuditPageQuery>;
