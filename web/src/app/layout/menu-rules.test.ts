import { describe, expect, it } from 'vitest';

import { getVisibleMenuEntries } from '@/app/layout/menu-entries';
import { specMenuKeys } from '@/app/layout/menu-rules';

const attendant = { profile: 'user' as const, super: false };
const supervisor = { profile: 'supervisor' as const, super: false };
const admin = { profile: 'admin' as const, super: false };
const superUser = { profile: 'admin' as const, super: true };
const noFlags = {};
const allFlags = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
};

describe("the spec's side-menu table", () => {
  it('a plain user sees the service section only', () => {
    expect(specMenuKeys(attendant, noFlags)).toEqual([
      'tickets',
      'groups',
      'quickMessages',
      'todo',
      'contacts',
      'tags',
      'services',
      'helps',
    ]);
    expect(specMenuKeys(supervisor, noFlags)).toEqual(specMenuKeys(attendant, noFlags));
    expect(getVisibleMenuEntries(attendant, allFlags).map((entry) => entry.key)).not.toContain('dashboard');
  });

  it('plan flags add kanban, schedules, internal chat, prompts, integrations and the messages API', () => {
    expect(specMenuKeys(attendant, allFlags)).toEqual([
      'tickets',
      'groups',
      'quickMessages',
      'kanban',
      'todo',
      'contacts',
      'schedules',
      'tags',
      'services',
      'internalChat',
      'prompts',
      'integrations',
      'messagesApi',
      'helps',
    ]);
    expect(specMenuKeys(attendant, { ...allFlags, useKanban: false })).not.toContain('kanban');
  });

  it('campaigns need the plan flag and an admin', () => {
    expect(specMenuKeys(attendant, allFlags)).not.toContain('campaigns');
    expect(specMenuKeys(admin, allFlags)).toContain('campaigns');
    expect(specMenuKeys(admin, noFlags)).not.toContain('campaigns');
  });

  it('admins get the dashboard, connections, users, finance and settings; super users also announcements and agent templates', () => {
    expect(specMenuKeys(admin, noFlags)).toEqual([
      'dashboard',
      'tickets',
      'groups',
      'quickMessages',
      'todo',
      'contacts',
      'tags',
      'services',
      'connections',
      'users',
      'finance',
      'settings',
      'helps',
    ]);
    const superKeys = specMenuKeys(superUser, noFlags);
    expect(superKeys).toContain('announcements');
    expect(superKeys).toContain('agentTemplates');
    expect(specMenuKeys(admin, noFlags)).not.toContain('announcements');
  });
});

describe('the built menu lists only pages that exist, by the same rules', () => {
  const keys = (user: typeof admin | typeof attendant | typeof superUser) =>
    getVisibleMenuEntries(user, allFlags).map((entry) => entry.key);

  it('a plain user sees help only', () => {
    expect(keys(attendant)).toContain('helps');
    expect(keys(attendant)).not.toContain('users');
    expect(keys(attendant)).not.toContain('settings');
    expect(keys(attendant)).not.toContain('announcements');
  });

  it('an admin adds users and settings; a super user adds announcements', () => {
    expect(keys(admin)).toEqual(expect.arrayContaining(['users', 'settings', 'helps']));
    expect(keys(admin)).not.toContain('announcements');
    expect(keys(superUser)).toEqual(expect.arrayContaining(['announcements', 'users', 'settings', 'helps']));
  });

  it('every built entry follows the order of the spec table', () => {
    const specOrder = specMenuKeys(superUser, allFlags) as string[];
    const built = keys(superUser).filter((key) => specOrder.includes(key));
    expect(built).toEqual([...built].sort((a, b) => specOrder.indexOf(a) - specOrder.indexOf(b)));
  });
});
