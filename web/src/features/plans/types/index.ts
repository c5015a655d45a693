import type { PlanCreateRequest, PlanResponse } from '@app/contracts';

export type { PlanCreateRequest, PlanResponse };

/** The plan's feature flags in the order of the form. */
export const PLAN_FORM_FLAGS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useInternal',
] as const;
export type PlanFormFlag = (typeof PLAN_FORM_FLAGS)[number];
