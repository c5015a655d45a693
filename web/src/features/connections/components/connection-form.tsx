import { CONNECTION_PROVIDERS, TRANSCRIBE_PROVIDERS } from '@app/contracts';
import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/api-client';

import type { ConnectionQueue } from '../types';
import { connectionFormSchema, type ConnectionFormValues, EMPTY_CONNECTION_FORM, formFieldOf } from '../utils/connection-form';

export const CONNECTION_FORM_ID = 'connection-form';

type ConnectionFormProps = {
  defaultValues: ConnectionFormValues;
  queues: readonly ConnectionQueue[];
  /** Offer the simulator among the providers (WhatsApp, the official Cloud API) where it is enabled. */
  simulatorEnabled?: boolean;
  /** May throw: a validation answer's field messages are shown under their fields. */
  onSubmit: (values: ConnectionFormValues) => Promise<void> | void;
};

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_CONNECTION_FORM));

type MessageKey = 'connections.validation.required';

const CLOUD_INPUTS = [
  { name: 'cloudPhoneNumberId', label: 'connections.cloud.phoneNumberId', secret: false },
  { name: 'cloudWabaId', label: 'connections.cloud.wabaId', secret: false },
  { name: 'cloudAccessToken', label: 'connections.cloud.accessToken', secret: true },
  { name: 'cloudAppSecret', label: 'connections.cloud.appSecret', secret: true },
  { name: 'cloudVerifyToken', label: 'connections.cloud.verifyToken', secret: true },
] as const;

/** The fields of the connection modal (spec section 2); the modal's footer submits it by id. */
export function ConnectionForm({ defaultValues, queues, simulatorEnabled = false, onSubmit }: ConnectionFormProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ConnectionFormValues>({ resolver: zodResolver(connectionFormSchema), defaultValues });

  const selectQueues = useWatch({ control, name: 'selectQueues' });
  const queueIds = useWatch({ control, name: 'queueIds' });
  const activeTranscribe = useWatch({ control, name: 'activeTranscribe' });
  const provider = useWatch({ control, name: 'provider' });
  const providers = CONNECTION_PROVIDERS.filter((option) => option !== 'simulator' || simulatorEnabled);
  const greetingUsed = selectQueues && queueIds.length > 1;

  async function handleValidSubmit(values: ConnectionFormValues) {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!isApiError(error)) return;
      for (const field of error.fields ?? []) {
        const name = formFieldOf(field.path);
        if (FORM_FIELDS.has(name)) setError(name as keyof ConnectionFormValues, { message: field.message });
      }
      if (error.code === 'ERR_WAPP_GREETING_REQUIRED') {
        setError('greetingMessage', { message: 'connections.validation.greetingRequired' });
      }
    }
  }

  function errorText(message: string | undefined) {
    return message ? <Field.ErrorText>{t(message as MessageKey)}</Field.ErrorText> : null;
  }

  return (
    <form id={CONNECTION_FORM_ID} noValidate onSubmit={handleSubmit(handleValidSubmit)} data-testid="connection-form">
      <Stack gap="4">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>{t('connections.modal.name')}</Field.Label>
          <Input {...register('name')} autoFocus maxLength={60} />
          {errorText(errors.name?.message)}
        </Field.Root>

        <Field.Root invalid={!!errors.provider}>
          <Field.Label>{t('connections.modal.provider')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('provider')} data-testid="connection-provider">
              {providers.map((option) => (
                <option key={option} value={option}>
                  {t(`connections.providers.${option}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errorText(errors.provider?.message)}
        </Field.Root>

        {provider === 'cloud' && (
          <Stack as="fieldset" gap="3" data-testid="connection-cloud-fields">
            <Text as="legend" fontWeight="semibold" fontSize="sm">
              {t('connections.cloud.credentialsTitle')}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('connections.cloud.credentialsHint')}
            </Text>
            {CLOUD_INPUTS.map((input) => (
              <Field.Root key={input.name} invalid={!!errors[input.name]} required>
                <Field.Label>{t(input.label)}</Field.Label>
                <Input
                  {...register(input.name)}
                  type={input.secret ? 'password' : 'text'}
                  inputMode={input.secret ? undefined : 'numeric'}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid={`connection-${input.name}`}
                />
                {errorText(errors[input.name]?.message)}
              </Field.Root>
            ))}
          </Stack>
        )}

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <Switch.Root name={field.name} checked={field.value} onCheckedChange={(details) => field.onChange(details.checked)}>
                <Switch.HiddenInput onBlur={field.onBlur} />
                <Switch.Control />
                <Switch.Label>{t('connections.modal.isDefault')}</Switch.Label>
              </Switch.Root>
            )}
          />
          <Controller
            control={control}
            name="activeTranscribe"
            render={({ field }) => (
              <Switch.Root name={field.name} checked={field.value} onCheckedChange={(details) => field.onChange(details.checked)}>
                <Switch.HiddenInput onBlur={field.onBlur} />
                <Switch.Control />
                <Switch.Label>{t('connections.modal.activeTranscribe')}</Switch.Label>
              </Switch.Root>
            )}
          />
        </SimpleGrid>

        {activeTranscribe && (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Field.Root>
              <Field.Label>{t('connections.settings.transcribeprovider')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('transcribeprovider')} data-testid="connection-transcribeprovider">
                  {TRANSCRIBE_PROVIDERS.map((provider) => (
                    <option key={provider} value={provider}>
                      {t(`connections.transcribeProviders.${provider}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('connections.modal.transcribekey')}</Field.Label>
              <Input {...register('transcribekey')} type="password" autoComplete="off" data-testid="connection-transcribekey" />
            </Field.Root>
          </SimpleGrid>
        )}

        <Field.Root invalid={!!errors.proxyUrl}>
          <Field.Label>{t('connections.modal.proxyUrl')}</Field.Label>
          <Input {...register('proxyUrl')} placeholder="socks5://host:1080" autoComplete="off" spellCheck={false} />
          <Field.HelperText>{t('connections.modal.proxyHint')}</Field.HelperText>
          {errorText(errors.proxyUrl?.message)}
        </Field.Root>

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Field.Root invalid={!!errors.timeToTransfer}>
            <Field.Label>{t('connections.modal.timeToTransfer')}</Field.Label>
            <Input {...register('timeToTransfer')} inputMode="numeric" />
            {errorText(errors.timeToTransfer?.message)}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('connections.modal.transferQueue')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('transferQueueId')}>
                <option value="">{t('connections.modal.noTransferQueue')}</option>
                {queues.map((queue) => (
                  <option key={queue.id} value={String(queue.id)}>
                    {queue.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>

        <Field.Root invalid={!!errors.expiresTicket}>
          <Field.Label>{t('connections.modal.expiresTicket')}</Field.Label>
          <Input {...register('expiresTicket')} inputMode="numeric" />
          {errorText(errors.expiresTicket?.message)}
        </Field.Root>

        <Controller
          control={control}
          name="selectQueues"
          render={({ field }) => (
            <Switch.Root
              name={field.name}
              checked={field.value}
              onCheckedChange={(details) => field.onChange(details.checked)}
              data-testid="connection-select-queues"
            >
              <Switch.HiddenInput onBlur={field.onBlur} />
              <Switch.Control />
              <Switch.Label>{t('connections.modal.selectQueues')}</Switch.Label>
            </Switch.Root>
          )}
        />

        {selectQueues && (
          <Controller
            control={control}
            name="queueIds"
            render={({ field }) => (
              <Stack gap="2" role="group" aria-label={t('connections.modal.queues')} data-testid="connection-queues">
                {queues.length === 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('connections.modal.noQueues')}
                  </Text>
                )}
                {queues.map((queue) => (
                  <Checkbox.Root
                    key={queue.id}
                    checked={field.value.includes(queue.id)}
                    onCheckedChange={(details) =>
                      field.onChange(details.checked ? [...field.value, queue.id] : field.value.filter((id) => id !== queue.id))
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{queue.name}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            )}
          />
        )}

        <Field.Root invalid={!!errors.greetingMessage} disabled={!greetingUsed}>
          <Field.Label>{t('connections.modal.greetingMessage')}</Field.Label>
          <Textarea {...register('greetingMessage')} rows={3} autoresize />
          <Field.HelperText>{t('connections.modal.greetingHint')}</Field.HelperText>
          {errorText(errors.greetingMessage?.message)}
        </Field.Root>
      </Stack>
    </form>
  );
}
