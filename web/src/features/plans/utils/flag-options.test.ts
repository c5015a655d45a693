import { describe, expect, it } from 'vitest';

import { planFormSchema, toPlanRequest } from '@/features/plans/api/save-plan';
import { flagOptionValues } from '@/features/plans/utils/flag-options';

describe('plan flags', () => {
  it('Sim means true for every flag but useInternal, whose selector is inverted', () => {
    expect(flagOptionValues('useKanban')).toEqual({ yes: true, no: false });
    expect(flagOptionValues('useCampaigns')).toEqual({ yes: true, no: false });
    expect(flagOptionValues('useInternal')).toEqual({ yes: false, no: true });
  });

  it('the form sends numbers, the pt-BR value as reais, and booleans', () => {
    const values = planFormSchema.parse({
      name: 'Pro',
      users: '10',
      connections: '3',
      queues: '5',
      value: '1.234,56',
      useCampaigns: 'true',
      useSchedules: 'false',
      useInternalChat: 'true',
      useExternalApi: 'false',
      useKanban: 'false',
      useOpenAi: 'true',
      useIntegrations: 'true',
      useInternal: 'false',
    });
    expect(toPlanRequest(values)).toEqual({
      name: 'Pro',
      users: 10,
      connections: 3,
      queues: 5,
      value: 1234.56,
      useCampaigns: true,
      useSchedules: false,
      useInternalChat: true,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: true,
      useIntegrations: true,
      useInternal: false,
    });
  });

  it('refuses a value that is not money and limits that are not whole numbers', () => {
    const base = planFormSchema.parse({
      name: 'Pro',
      users: '1',
      connections: '1',
      queues: '1',
      value: '0',
      useCampaigns: 'true',
      useSchedules: 'true',
      useInternalChat: 'true',
      useExternalApi: 'true',
      useKanban: 'true',
      useOpenAi: 'true',
      useIntegrations: 'true',
      useInternal: 'false',
    });
    expect(planFormSchema.safeParse({ ...base, value: 'dez' }).success).toBe(false);
    expect(planFormSchema.safeParse({ ...base, users: '1.5' }).success).toBe(false);
    expect(planFormSchema.safeParse({ ...base, name: 'P' }).error?.issues[0]?.message).toBe('validation.tooShort');
  });
});
