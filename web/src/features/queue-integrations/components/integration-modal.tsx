import { QUEUE_INTEGRATION_LANGUAGES, type QueueIntegration, type QueueIntegrationType } from '@app/contracts';
import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/ui/form-modal';
import { toastError, toastSuccess, toastWarning } from '@/components/ui/toaster';

import { testIntegrationSession, useCreateIntegration, useUpdateIntegration } from '../api/queue-integrations';
import {
  FIELDS_BY_TYPE,
  INTEGRATION_TYPES,
  integrationFormDefaults,
  integrationFormSchema,
  type IntegrationFormValues,
  queueWarning,
  toIntegrationBody,
} from '../utils/integration-form';

type IntegrationModalProps = {
  integration: QueueIntegration | null;
  /** The inline form's choice for a new integration. */
  start?: { type: QueueIntegrationType; name: string };
  onClose: () => void;
};

const LONG_FIELDS = new Set(['jsonContent', 'typebotUnknownMessage', 'typebotRestartMessage']);
const SECRET_FIELDS = new Set(['apidify', 'openaikey', 'signingSecret']);

/** Creates or edits an integration (spec 3, integration modal): the type's own fields, testSession for the product. */
export function IntegrationModal({ integration, start, onClose }: IntegrationModalProps) {
  const { t } = useTranslation();
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const [testing, setTesting] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors },
  } = useForm<IntegrationFormValues>({
    resolver: zodResolver(integrationFormSchema),
    defaultValues: integrationFormDefaults(integration, start),
  });
  const type = watch('type');
  const message = (key?: string) => (key ? t(key as 'integrations.validation.required') : undefined);

  async function handleSave(values: IntegrationFormValues) {
    try {
      const body = toIntegrationBody(values);
      if (integration) {
        await update.mutateAsync({ id: integration.id, body });
        toastSuccess(t('integrations.updated'));
      } else {
        const created = await create.mutateAsync(body);
        if ('queueError' in created) {
          const warning = queueWarning(created.queueError);
          toastWarning(t(warning.key, { error: warning.error }));
        } else toastSuccess(t('integrations.created'));
      }
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  async function handleTest() {
    setTesting(true);
    try {
      const result = await testIntegrationSession({ ...toIntegrationBody(getValues()), ...(integration ? { id: integration.id } : {}) });
      if (result.success) toastSuccess(t('integrations.testOk'));
      else toastWarning(t('integrations.testFailed', { error: result.error ?? '' }));
    } catch (error) {
      toastError(error);
    } finally {
      setTesting(false);
    }
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={integration ? t('integrations.modal.editTitle') : t('integrations.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={create.isPending || update.isPending}
      submitLabel={integration ? t('common.save') : t('integrations.create')}
      testId="integration-modal"
      submitTestId="integration-save"
      size="lg"
      scrollBehavior="inside"
    >
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root invalid={!!errors.type}>
            <Field.Label>{t('integrations.fields.type')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('type')} data-testid="integration-type">
                {INTEGRATION_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!errors.name}>
            <Field.Label>{t('integrations.fields.name')}</Field.Label>
            <Input {...register('name')} data-testid="integration-name" />
            <Field.ErrorText>{message(errors.name?.message)}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t(`integrations.descriptions.${type}`)}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {FIELDS_BY_TYPE[type].map((field) => (
            <Field.Root key={field} invalid={!!errors[field]} gridColumn={LONG_FIELDS.has(field) ? { md: 'span 2' } : undefined}>
              <Field.Label>
                {t(field === 'apidify' && type === 'flowise' ? 'integrations.fields.apiFlowise' : `integrations.fields.${field}`)}
              </Field.Label>
              {field === 'language' ? (
                <NativeSelect.Root>
                  <NativeSelect.Field {...register('language')} data-testid="integration-language">
                    {QUEUE_INTEGRATION_LANGUAGES.map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              ) : LONG_FIELDS.has(field) ? (
                <Textarea rows={field === 'jsonContent' ? 6 : 2} {...register(field)} data-testid={`integration-${field}`} />
              ) : (
                <Input
                  {...register(field)}
                  type={
                    SECRET_FIELDS.has(field) ? 'password' : field.startsWith('typebotE') || field.startsWith('typebotD') ? 'number' : 'text'
                  }
                  autoComplete="off"
                  data-testid={`integration-${field}`}
                />
              )}
              <Field.ErrorText>{message(errors[field]?.message)}</Field.ErrorText>
            </Field.Root>
          ))}
        </SimpleGrid>
        <Button alignSelf="flex-start" size="sm" variant="outline" loading={testing} onClick={handleTest} data-testid="integration-test">
          {t('integrations.test')}
        </Button>
      </Stack>
    </FormModal>
  );
}
