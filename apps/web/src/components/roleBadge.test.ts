import { describe, expect, it } from 'vitest';
import { badgeFor } from './RoleBadge';

describe('role badge (SPEC §6)', () => {
  it('maps role types to icon and colour', () => {
    expect(badgeFor('ADMINISTRATOR')).toEqual({ kind: 'manage', color: 'purple' });
    expect(badgeFor('MANAGER')).toEqual({ kind: 'manage', color: 'purple' });
    expect(badgeFor('DEVELOPER')).toEqual({ kind: 'operations', color: 'blue' });
    expect(badgeFor('DEPLOY')).toEqual({ kind: 'operations', color: 'blue' });
    expect(badgeFor('USER')).toEqual({ kind: 'owner', color: 'green' });
    expect(badgeFor('GUEST')).toEqual({ kind: 'other', color: 'default' });
  });
});
