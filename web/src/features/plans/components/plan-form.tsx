import { Input, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormField } from '@/components/form/form-field';
import { InlineForm } from '@/components/form/inline-form';
import { SelectInput } from '@/components/form/select-input';
import { toastSuccess } from '@/components/ui/toaster';
import { formatMoney } from '@/lib/format';

import { planFormSchema, type PlanFormValues, useSavePlan } from '../api/save-plan';
import { PLAN_FORM_FLAGS, type PlanResponse } from '../types';
import { flagOptionValues } from '../utils/flag-options';

type PlanFormProps = {
  /** The plan to edit; null creates one. */
  plan: PlanResponse | null;
  onDone: () => void;
};

function toFormValues(plan: PlanResponse | null): PlanFormValues {
  const flag = (value: boolean | undefined, fallback: boolean) => String(value ?? fallback) as 'true' | 'false';
  return {
    name: plan?.name ?? '',
    users: plan ? String(plan.users) : '0',
    connections: plan ? String(plan.connections) : '0',
    queues: plan ? String(plan.queues) : '0',
    value: plan
      ? formatMoney(plan.value)
          .replace(/^R\$\s?/, '')
          .trim()
      : '0,00',
    useCampaigns: flag(plan?.useCampaigns, true),
    useSchedules: flag(plan?.useSchedules, true),
    useInternalChat: flag(plan?.useInternalChat, true),
    useExternalApi: flag(plan?.useExternalApi, true),
    useKanban: flag(plan?.useKanban, true),
    useOpenAi: flag(plan?.useOpenAi, true),
    useIntegrations: flag(plan?.useIntegrations, true),
    useInternal: flag(plan?.useInternal, false),
  };
}

/** Plan fields: name, limits (users, connections, queues shown as Agentes), value in reais and every flag. */
export function PlanForm({ plan, onDone }: PlanFormProps) {
  const { t } = useTranslation();
  const savePlan = useSavePlan();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PlanFormValues>({ resolver: zodResolver(planFormSchema), values: toFormValues(plan) });

  async function handleValid(values: PlanFormValues) {
    try {
      await savePlan.mutateAsync({ planId: plan?.id ?? null, values });
      toastSuccess(t('common.operationSuccess'));
      reset(toFormValues(null));
      onDone();
    } catch {
      // The mutation cache shows the error.
    }
  }

  return (
    <InlineForm onSubmit={handleSubmit(handleValid)} onClear={onDone} submitting={isSubmitting} testId="plan-form" submitTestId="plan-save">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 5 }} gap="4">
        <FormField label={t('plans.form.name')} error={errors.name?.message} required>
          <Input {...register('name')} />
        </FormField>
        {(['users', 'connections', 'queues'] as const).map((field) => (
          <FormField key={field} label={t(`plans.form.${field}`)} error={errors[field]?.message} required>
            <Input {...register(field)} inputMode="numeric" />
          </FormField>
        ))}
        <FormField label={t('plans.form.value')} error={errors.value?.message} required>
          <Input {...register('value')} inputMode="decimal" placeholder="0,00" />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        {PLAN_FORM_FLAGS.map((flag) => {
          const values = flagOptionValues(flag);
          return (
            <FormField key={flag} label={t(`plans.flags.${flag}`)}>
              <SelectInput {...register(flag)} data-testid={`plan-${flag}`}>
                <option value={String(values.yes)}>{t('common.yes')}</option>
                <option value={String(values.no)}>{t('common.no')}</option>
              </SelectInput>
            </FormField>
          );
        })}
      </SimpleGrid>
    </InlineForm>
  );
}
