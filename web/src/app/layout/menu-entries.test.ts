import { LuUsers } from 'react-icons/lu';
import { describe, expect, it } from 'vitest';

import { getVisibleMenuEntries, type MenuEntry } from '@/app/layout/menu-entries';

const admin = { profile: 'admin' as const, super: false };
const superUser = { profile: 'user' as const, super: true };
const attendant = { profile: 'user' as const, super: false };

describe('side menu visibility', () => {
  it('Users is shown to admins and super users only', () => {
    expect(getVisibleMenuEntries(admin).map((e) => e.key)).toContain('users');
    expect(getVisibleMenuEntries(superUser).map((e) => e.key)).toContain('users');
    expect(getVisibleMenuEntries(attendant).map((e) => e.key)).not.toContain('users');
  });

  it('Services is shown to every user of the company (spec 1: always)', () => {
    for (const user of [admin, superUser, attendant]) expect(getVisibleMenuEntries(user).map((e) => e.key)).toContain('services');
  });

  it("Schedules is shown when the plan allows schedules, between Contacts and Tags (spec 1's side menu)", () => {
    expect(getVisibleMenuEntries(attendant).map((e) => e.key)).not.toContain('schedules');
    expect(getVisibleMenuEntries(attendant, { useSchedules: false }).map((e) => e.key)).not.toContain('schedules');
    const keys = getVisibleMenuEntries(attendant, { useSchedules: true }).map((e) => e.key);
    expect(keys.slice(keys.indexOf('contacts'), keys.indexOf('tags') + 1)).toEqual(['contacts', 'schedules', 'tags']);
  });

  it('nobody signed in sees no entries', () => {
    expect(getVisibleMenuEntries(null)).toEqual([]);
  });

  it('plan-gated rows follow the plan flags', () => {
    const kanban: MenuEntry = {
      key: 'kanban',
      path: '/kanban',
      labelKey: 'mainDrawer.listItems.users',
      icon: LuUsers,
      visible: (_user, plan) => !!plan?.useKanban,
    };
    expect(getVisibleMenuEntries(attendant, undefined, [kanban])).toEqual([]);
    expect(getVisibleMenuEntries(attendant, { useKanban: false }, [kanban])).toEqual([]);
    expect(getVisibleMenuEntries(attendant, { useKanban: true }, [kanban]).map((e) => e.key)).toEqual(['kanban']);
  });
});
