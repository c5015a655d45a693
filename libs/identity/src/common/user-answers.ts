import { USER_ONLINE_WINDOW_MS, type UserListItem, type UserResponse, type UserSnapshot } from '@app/contracts';
import type { PlanFlag } from '@app/platform';

import type { Plan } from './plan.repository';
import { mapPlan } from './plan-answers';
import type { User } from './user.repository';

export function planFlags(plan: Plan): PlanFlag[] {
  const flags: Record<PlanFlag, boolean> = {
    useCampaigns: plan.useCampaigns,
    useKanban: plan.useKanban,
    useOpenAi: plan.useOpenAi,
    useIntegrations: plan.useIntegrations,
    useSchedules: plan.useSchedules,
    useInternalChat: plan.useInternalChat,
    useExternalApi: plan.useExternalApi,
  };
  return (Object.keys(flags) as PlanFlag[]).filter((flag) => flags[flag]);
}

/** Reported online by a userStatus ping (every 5 minutes) within the last 6 minutes. */
export function isOnline(user: Pick<User, 'online' | 'lastSeenAt'>, now = Date.now()): boolean {
  return user.online && !!user.lastSeenAt && now - user.lastSeenAt.getTime() <= USER_ONLINE_WINDOW_MS;
}

/** The user as the API shows it: never the password hash. */
export function mapUser(user: User, settings?: { key: string; value: string }[]): UserResponse {
  const company = user.company;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    online: isOnline(user),
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
    companyId: user.companyId,
    queues: user.queueIds.map((id) => ({ id })),
    company: company
      ? {
          id: company.id,
          name: company.name,
          dueDate: company.dueDate,
          status: company.status,
          approved: company.approved,
          planId: company.planId,
          plan: company.plan ? mapPlan(company.plan) : undefined,
          settings,
        }
      : undefined,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
export type UserResponseDto = UserResponse;

export function mapUserListItem(user: User): UserListItem {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    online: isOnline(user),
    queues: user.queueIds.map((id) => ({ id })),
    whatsappId: user.whatsappId,
  };
}

export function userSnapshot(user: User): UserSnapshot {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    companyId: user.companyId,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    queueIds: user.queueIds,
    online: isOnline(user),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
