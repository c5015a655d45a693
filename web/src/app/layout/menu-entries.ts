import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import type { IconType } from 'react-icons';
import { LuUsers, LuUsersRound } from 'react-icons/lu';
import { LuCircleHelp, LuMegaphone, LuSettings } from 'react-icons/lu';
import {
  LuBriefcaseBusiness,
  LuContactRound,
  LuLayoutDashboard,
  LuListOrdered,
  LuListTodo,
  LuMessageSquare,
  LuMessagesSquare,
  LuSquareKanban,
  LuTags,
  LuZap,
} from 'react-icons/lu';
import { LuBrainCircuit, LuCable, LuCalendarDays, LuCode, LuFiles, LuListChecks, LuSend, LuSlidersHorizontal } from 'react-icons/lu';

import { paths } from '@/config/paths';
import type { AuthUser, PlanFlags } from '@/features/auth/types';
import { isAdmin } from '@/features/auth/utils/roles';
import { ChatsUnreadBadge } from '@/features/chats/components/chats-unread-badge';
import { ConnectionsWarningBadge } from '@/features/connections/components/connections-warning-badge';

import { MENU_RULES } from './menu-rules';

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
  /** Shown beside the label (and on the icon when collapsed), e.g. the Connections '!'. */
  badge?: ComponentType<{ companyId: number }>;
};

/**
 * The side menu, in the spec's order (section 2, Side menu). Only pages that exist are listed; each
 * later page adds its row, e.g.
 *   { key: 'tickets', path: paths.tickets, labelKey: 'mainDrawer.listItems.tickets', icon: LuMessageSquare, visible: () => true }
 *   { key: 'kanban', ..., visible: (_user, plan) => !!plan?.useKanban }
 */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    key: 'dashboard',
    path: paths.home,
    labelKey: 'mainDrawer.listItems.dashboard',
    icon: LuLayoutDashboard,
    visible: MENU_RULES.dashboard,
  },
  {
    key: 'tickets',
    path: paths.tickets,
    labelKey: 'mainDrawer.listItems.tickets',
    icon: LuMessageSquare,
    visible: MENU_RULES.tickets,
  },
  {
    key: 'groups',
    path: paths.transcribe,
    labelKey: 'mainDrawer.listItems.groups',
    icon: LuUsersRound,
    visible: MENU_RULES.groups,
  },
  {
    key: 'quickMessages',
    path: paths.quickMessages,
    labelKey: 'mainDrawer.listItems.quickMessages',
    icon: LuZap,
    visible: MENU_RULES.quickMessages,
  },
  {
    key: 'kanban',
    path: paths.kanban,
    labelKey: 'mainDrawer.listItems.kanban',
    icon: LuSquareKanban,
    visible: MENU_RULES.kanban,
  },
  {
    key: 'todo',
    path: paths.todo,
    labelKey: 'mainDrawer.listItems.todo',
    icon: LuListTodo,
    visible: MENU_RULES.todo,
  },
  {
    key: 'contacts',
    path: paths.contacts,
    labelKey: 'mainDrawer.listItems.contacts',
    icon: LuContactRound,
    visible: MENU_RULES.contacts,
  },
  {
    key: 'schedules',
    path: paths.schedules,
    labelKey: 'mainDrawer.listItems.schedules',
    icon: LuCalendarDays,
    visible: MENU_RULES.schedules,
  },
  {
    key: 'tags',
    path: paths.tags,
    labelKey: 'mainDrawer.listItems.tags',
    icon: LuTags,
    visible: MENU_RULES.tags,
  },
  {
    key: 'services',
    path: paths.services,
    labelKey: 'mainDrawer.listItems.services',
    icon: LuBriefcaseBusiness,
    visible: MENU_RULES.services,
  },
  {
    key: 'internalChat',
    path: paths.chats,
    labelKey: 'mainDrawer.listItems.internalChat',
    icon: LuMessagesSquare,
    visible: MENU_RULES.internalChat,
    badge: ChatsUnreadBadge,
  },
  {
    key: 'contactLists',
    path: paths.contactLists,
    labelKey: 'mainDrawer.listItems.contactLists',
    icon: LuListChecks,
    visible: MENU_RULES.campaigns,
  },
  {
    key: 'campaigns',
    path: paths.campaigns,
    labelKey: 'mainDrawer.listItems.campaigns',
    icon: LuSend,
    visible: MENU_RULES.campaigns,
  },
  {
    key: 'campaignsConfig',
    path: paths.campaignsConfig,
    labelKey: 'mainDrawer.listItems.campaignsConfig',
    icon: LuSlidersHorizontal,
    visible: MENU_RULES.campaigns,
  },
  {
    key: 'files',
    path: paths.files,
    labelKey: 'mainDrawer.listItems.files',
    icon: LuFiles,
    visible: () => true,
  },
  {
    key: 'announcements',
    path: paths.announcements,
    labelKey: 'mainDrawer.listItems.announcements',
    icon: LuMegaphone,
    visible: MENU_RULES.announcements,
  },
  {
    key: 'prompts',
    path: paths.prompts,
    labelKey: 'mainDrawer.listItems.prompts',
    icon: LuBrainCircuit,
    visible: MENU_RULES.prompts,
  },
  {
    key: 'connections',
    path: paths.connections,
    labelKey: 'mainDrawer.listItems.connections',
    icon: LuCable,
    visible: MENU_RULES.connections,
    badge: ConnectionsWarningBadge,
  },
  {
    key: 'queues',
    path: paths.queues,
    labelKey: 'mainDrawer.listItems.queues',
    icon: LuListOrdered,
    visible: (user) => isAdmin(user),
  },
  {
    key: 'users',
    path: paths.users,
    labelKey: 'mainDrawer.listItems.users',
    icon: LuUsers,
    visible: (user) => isAdmin(user),
  },
  {
    key: 'messagesApi',
    path: paths.messagesApi,
    labelKey: 'mainDrawer.listItems.messagesApi',
    icon: LuCode,
    visible: MENU_RULES.messagesApi,
  },
  {
    key: 'settings',
    path: paths.settings,
    labelKey: 'mainDrawer.listItems.settings',
    icon: LuSettings,
    visible: MENU_RULES.settings,
  },
  {
    key: 'helps',
    path: paths.helps,
    labelKey: 'mainDrawer.listItems.helps',
    icon: LuCircleHelp,
    visible: MENU_RULES.helps,
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
