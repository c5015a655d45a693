import { type GroupContact, SUMMARY_MODELS, SUMMARY_OTHER_MODEL, SUMMARY_PROVIDERS } from '@app/contracts';
import { Input, NativeSelect, SimpleGrid, Stack, Switch, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormField } from '@/components/form/form-field';
import { FormModal } from '@/components/ui/form-modal';
import { PasswordInput } from '@/components/ui/password-input';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useUpdateGroup } from '../api/update-group';
import {
  summaryFormDefaults,
  type SummaryFormInput,
  summaryFormSchema,
  type SummaryFormValues,
  timeTooSoon,
  toSummaryBody,
} from '../utils/summary-form';

type SummarySettingsModalProps = {
  group: GroupContact;
  onClose: () => void;
  /** The browser's clock (tests fix it). */
  now?: () => Date;
};

/**
 * A group's summary settings (spec 3): on or off, provider (changing it clears the model), model or
 * 'Outro' with its name, API key (shown by its last 4), time (step 600 s, at least a minute ahead),
 * prompt, max tokens and temperature. 'Configurações de resumo salvas!' on success.
 */
export function SummarySettingsModal({ group, onClose, now = () => new Date() }: SummarySettingsModalProps) {
  const { t } = useTranslation();
  const update = useUpdateGroup();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<SummaryFormInput, unknown, SummaryFormValues>({
    resolver: zodResolver(summaryFormSchema),
    defaultValues: summaryFormDefaults(group),
  });
  const provider = watch('resumeprovider');
  const other = watch('modelChoice') === SUMMARY_OTHER_MODEL;

  async function handleSave(values: SummaryFormValues) {
    const after = timeTooSoon(values.timeresume, group.timeresume, now());
    if (after) {
      setError('timeresume', { message: t('groups.timeTooSoon', { after }) });
      return;
    }
    try {
      await update.mutateAsync({ id: group.id, body: toSummaryBody(values) });
      toastSuccess(t('groups.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <FormModal
      open
      size="lg"
      onClose={onClose}
      title={`${t('groups.settings')}: ${group.name}`}
      onSubmit={handleSubmit(handleSave)}
      submitting={update.isPending}
      submitLabel={t('common.save')}
      testId="summary-modal"
      submitTestId="summary-save"
    >
      <Stack gap="4">
        <Controller
          control={control}
          name="resumegroup"
          render={({ field }) => (
            <Switch.Root checked={field.value} onCheckedChange={(details) => field.onChange(details.checked)} data-testid="summary-on">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('groups.summary')}</Switch.Label>
            </Switch.Root>
          )}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('groups.fields.provider')}>
            <NativeSelect.Root>
              <NativeSelect.Field
                {...register('resumeprovider', {
                  onChange: () => {
                    setValue('modelChoice', '');
                    setValue('otherModel', '');
                  },
                })}
                data-testid="summary-provider"
              >
                {SUMMARY_PROVIDERS.map((option) => (
                  <option key={option} value={option}>
                    {t(`groups.providers.${option}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('groups.fields.model')} error={other ? undefined : errors.otherModel?.message}>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('modelChoice')} data-testid="summary-model">
                <option value="">{t('groups.chooseModel')}</option>
                {SUMMARY_MODELS[provider].map((model) => (
                  <option key={model} value={model}>
                    {model}
                  </option>
                ))}
                <option value={SUMMARY_OTHER_MODEL}>{t('groups.other')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        {other && (
          <FormField label={t('groups.fields.otherModel')} error={errors.otherModel?.message}>
            <Input {...register('otherModel')} data-testid="summary-other-model" />
          </FormField>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('groups.fields.key')} error={errors.resumekey?.message}>
            <PasswordInput {...register('resumekey')} autoComplete="off" data-testid="summary-key" />
          </FormField>
          <FormField label={t('groups.fields.time')} error={errors.timeresume?.message}>
            <Input type="time" step={600} {...register('timeresume')} data-testid="summary-time" />
          </FormField>
          <FormField label={t('groups.fields.maxTokens')} error={errors.resumemaxtokens && 'groups.invalidValue'}>
            <Input type="number" {...register('resumemaxtokens')} data-testid="summary-max-tokens" />
          </FormField>
          <FormField label={t('groups.fields.temperature')} error={errors.resumetemperature && 'groups.invalidValue'}>
            <Input type="number" step={0.1} {...register('resumetemperature')} data-testid="summary-temperature" />
          </FormField>
        </SimpleGrid>
        <FormField label={t('groups.fields.prompt')}>
          <Textarea {...register('resumeprompt')} rows={5} data-testid="summary-prompt" />
        </FormField>
      </Stack>
    </FormModal>
  );
}
