import { describe, expect, it } from 'vitest';
import { badgeFor } from './RoleBadge';
import { bigScreenPath } from './TopBar';

describe('role badge (SPEC §6)', () => {
  it('maps role types to icon and colour', () => {
    expect(badgeFor('ADMINISTRATOR')).toEqual({ kind: 'manage', color: 'purple' });
    expect(badgeFor('MANAGER')).toEqual({ kind: 'manage', color: 'purple' });
    expect(badgeFor('DEVELOPER')).toEqual({ kind: 'operations', color: 'blue' });
    expect(badgeFor('DEPLOY')).toEqual({ kind: 'operations', color: 'blue' });
    expect(badgeFor('USER')).toEqual({ kind: 'owner', color: 'green' });
    expect(badgeFor('GUEST')).toEqual({ kind: 'other', color: 'default' });
  });

  it('sends role id 41 to /revealBigScreen and every other role to /bigScreen', () => {
    expect(bigScreenPath(41)).toBe('/revealBigScreen');
    expect(bigScreenPath(1)).toBe('/bigScreen');
  });
});
