import type { PlanResponse, PlanSnapshot } from '@app/contracts';

import type { Plan } from './plan.repository';

export function planSnapshot(plan: Plan): PlanSnapshot {
  return {
    id: plan.id,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: plan.value,
    useCampaigns: plan.useCampaigns,
    useSchedules: plan.useSchedules,
    useInternalChat: plan.useInternalChat,
    useExternalApi: plan.useExternalApi,
    useKanban: plan.useKanban,
    useOpenAi: plan.useOpenAi,
    useIntegrations: plan.useIntegrations,
    useInternal: plan.useInternal,
  };
}

export function mapPlan(plan: Plan): PlanResponse {
  return {
    ...planSnapshot(plan),
    createdAt: plan.createdAt?.toISOString(),
    updatedAt: plan.updatedAt?.toISOString(),
  };
}
