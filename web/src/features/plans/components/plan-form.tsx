import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/components/ui/toaster';
import { formatMoney } from '@/lib/money';
import { planFormSchema, useSavePlan, type PlanFormValues } from '../api/save-plan';
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
    value: plan ? formatMoney(plan.value).replace(/^R\$\s?/, '').trim() : '0,00',
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

  const message = (key: string | undefined) => (key ? t(key as 'validation.required') : undefined);

  return (
    <form noValidate onSubmit={handleSubmit(handleValid)} data-testid="plan-form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2, xl: 5 }} gap="4">
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>{t('plans.form.name')}</Field.Label>
            <Input {...register('name')} />
            <Field.ErrorText>{message(errors.name?.message)}</Field.ErrorText>
          </Field.Root>
          {(['users', 'connections', 'queues'] as const).map((field) => (
            <Field.Root key={field} invalid={!!errors[field]} required>
              <Field.Label>{t(`plans.form.${field}`)}</Field.Label>
              <Input {...register(field)} inputMode="numeric" />
              <Field.ErrorText>{message(errors[field]?.message)}</Field.ErrorText>
            </Field.Root>
          ))}
          <Field.Root invalid={!!errors.value} required>
            <Field.Label>{t('plans.form.value')}</Field.Label>
            <Input {...register('value')} inputMode="decimal" placeholder="0,00" />
            <Field.ErrorText>{message(errors.value?.message)}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
          {PLAN_FORM_FLAGS.map((flag) => {
            const values = flagOptionValues(flag);
            return (
              <Field.Root key={flag}>
                <Field.Label>{t(`plans.flags.${flag}`)}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...register(flag)} data-testid={`plan-${flag}`}>
                    <option value={String(values.yes)}>{t('common.yes')}</option>
                    <option value={String(values.no)}>{t('common.no')}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            );
          })}
        </SimpleGrid>
        <HStack justify="flex-end" gap="2">
          <Button type="button" variant="outline" onClick={onDone}>
            {t('common.clear')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="plan-save">
            {t('common.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
