// Version information (SPEC §2 /softwareVersion): the server's version, the database schema (the newest
// migration applied) and the changelog. docs/operations.md "Version information".
import { Type, type Static } from 'typebox';

export const ChangelogEntry = Type.Object({
  /** The heading of the entry, e.g. 'Step 5d — Firmware and upgrades'. */
  title: Type.String(),
  /** 'YYYY-MM-DD' when the heading names one, else null. */
  date: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(Type.String()),
});
export type ChangelogEntry = Static<typeof ChangelogEntry>;

export const VersionInfo = Type.Object({
  server: Type.String({ description: "The server's package version" }),
  schema: Type.Object({
    /** The newest migration applied to this database, e.g. '0019_upgrade_tasks'; null when unknown. */
    latest: Type.Union([Type.String(), Type.Null()]),
    appliedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    applied: Type.Integer({ minimum: 0, description: 'Migrations applied' }),
    /** Migrations this server ships; equal to `applied` when the database is up to date. */
    known: Type.Integer({ minimum: 0 }),
  }),
  /** CHANGELOG.md, newest entry first. */
  changelog: Type.Array(ChangelogEntry),
});
export type VersionInfo = Static<typeof VersionInfo>;
