import type { AuthUser, PlanFlags } from '@/features/auth/types';
import { isAdmin, isSuper } from '@/features/auth/utils/roles';

export type MenuRuleUser = Pick<AuthUser, 'profile' | 'super'>;
export type MenuRule = (user: MenuRuleUser, plan?: Partial<PlanFlags>) => boolean;

const always: MenuRule = () => true;
const plan =
  (flag: keyof PlanFlags): MenuRule =>
  (_user, flags) =>
    flags?.[flag] === true;

/**
 * The "Shown when" column of the spec's side-menu table (spec 1 section 2), one rule per entry.
 * A menu row uses its rule once its page exists.
 */
export const MENU_RULES = {
  // The admin dashboard at / (issue 13; spec 1 section 6: 'Admin: dashboard').
  dashboard: (user) => isAdmin(user),
  tickets: always,
  groups: always,
  quickMessages: always,
  kanban: plan('useKanban'),
  todo: always,
  contacts: always,
  schedules: plan('useSchedules'),
  tags: always,
  services: always,
  internalChat: plan('useInternalChat'),
  campaigns: (user, flags) => flags?.useCampaigns === true && isAdmin(user),
  announcements: (user) => isSuper(user),
  prompts: plan('useOpenAi'),
  connections: (user) => isAdmin(user),
  integrations: plan('useIntegrations'),
  agentTemplates: (user) => isSuper(user),
  users: (user) => isAdmin(user),
  messagesApi: plan('useExternalApi'),
  finance: (user) => isAdmin(user),
  settings: (user) => isAdmin(user),
  helps: always,
} satisfies Record<string, MenuRule>;

export type MenuRuleKey = keyof typeof MENU_RULES;

/** The spec's entries a user would see, in the table's order (every entry, built or not). */
export function specMenuKeys(user: MenuRuleUser, flags?: Partial<PlanFlags>): MenuRuleKey[] {
  return (Object.keys(MENU_RULES) as MenuRuleKey[]).filter((key) => MENU_RULES[key](user, flags));
}
