import type { IconType } from 'react-icons';
import { LuUsers } from 'react-icons/lu';
import type { ParseKeys } from 'i18next';
import { paths } from '@/config/paths';
import type { AuthUser, PlanFlags } from '@/features/auth/types';
import { isAdmin } from '@/features/auth/utils/roles';

export type MenuUser = Pick<AuthUser, 'profile' | 'super'>;

export type MenuEntry = {
  key: string;
  path: string;
  labelKey: ParseKeys;
  icon: IconType;
  /**
   * The spec's "Shown when" column. `plan` is the user's company plan (`user.company.plan`); when it
   * is absent a plan-gated row stays hidden.
   */
  visible: (user: MenuUser, plan?: Partial<PlanFlags>) => boolean;
};

/**
 * The side menu, in the spec's order (section 2, Side menu). Only pages that exist are listed; each
 * later page adds its row, e.g.
 *   { key: 'tickets', path: paths.tickets, labelKey: 'mainDrawer.listItems.tickets', icon: LuMessageSquare, visible: () => true }
 *   { key: 'kanban', ..., visible: (_user, plan) => !!plan?.useKanban }
 */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    key: 'users',
    path: paths.users,
    labelKey: 'mainDrawer.listItems.users',
    icon: LuUsers,
    visible: (user) => isAdmin(user),
  },
];

export function getVisibleMenuEntries(
  user: MenuUser | null | undefined,
  plan?: Partial<PlanFlags>,
  entries: readonly MenuEntry[] = MENU_ENTRIES,
): MenuEntry[] {
  if (!user) return [];
  return entries.filter((entry) => entry.visible(user, plan));
}
