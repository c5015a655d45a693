import { MEDIA_UPLOAD_TYPES } from '@app/contracts';
import { Badge, Button, Field, HStack, IconButton, Input, SimpleGrid, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuX } from 'react-icons/lu';

import { useBindingChoices } from '@/api/get-queue-binding-choices';
import { FormModal } from '@/components/ui/form-modal';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';

import { useChangeQueueMedia } from '../api/queue-media';
import { useSaveQueue } from '../api/save-queue';
import type { Queue } from '../types';
import { chooseBinding, queueFormDefaults, queueFormSchema, type QueueFormValues, toQueueBody } from '../utils/queue-form';

type QueueModalProps = {
  queue: Queue | null;
  /** The company's queue colours: a new queue starts with a free one. */
  usedColors?: readonly string[];
  /** The plan has useIntegrations: the queue can be bound to an integration or an AI agent. */
  canBind?: boolean;
  onClose: () => void;
};
type MessageKey = 'queues.validation.required';

/** Adds or edits a queue: the tab 'Dados da Fila' and the out-of-hours schedules tab. */
export function QueueModal({ queue, usedColors = [], canBind = false, onClose }: QueueModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveQueue();
  const mediaMutation = useChangeQueueMedia();
  const fileInput = useRef<HTMLInputElement | null>(null);
  /** The media change to send after the queue is saved: a file to upload, or null to remove the current one. */
  const [media, setMedia] = useState<{ file: File | null } | null>(null);
  const mediaName = media ? media.file?.name : queue?.mediaName;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<QueueFormValues>({ resolver: zodResolver(queueFormSchema), defaultValues: queueFormDefaults(queue, usedColors) });
  const schedules = watch('schedules');
  const binding = { integrationId: watch('integrationId'), agentId: watch('agentId'), promptId: watch('promptId') };
  const choices = useBindingChoices(canBind);

  function handleChoose(kind: 'integrationId' | 'agentId', id: number) {
    const next = chooseBinding(binding, kind, id);
    setValue('integrationId', next.integrationId);
    setValue('agentId', next.agentId);
    setValue('promptId', next.promptId);
  }

  async function handleSave(values: QueueFormValues) {
    try {
      const saved = await saveMutation.mutateAsync({ id: queue?.id, body: toQueueBody(values) });
      toastSuccess(t('queues.saved'));
      // The queue is saved either way: a refused media file is reported, and the dialog closes.
      if (media && (media.file || queue?.mediaName)) await mediaMutation.mutateAsync({ id: saved.id, file: media.file }).catch(toastError);
      onClose();
    } catch (error) {
      // A taken name or colour is also shown under its field.
      if (isApiError(error) && error.code === 'ERR_QUEUE_NAME_ALREADY_EXISTS') setError('name', { message: `errors.${error.code}` });
      if (isApiError(error) && error.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') setError('color', { message: `errors.${error.code}` });
      toastError(error);
    }
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={queue ? t('queues.modal.editTitle') : t('queues.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending || mediaMutation.isPending}
      submitLabel={t('common.save')}
      testId="queue-modal"
      submitTestId="queue-save"
      size="lg"
      scrollBehavior="inside"
    >
      <Tabs.Root defaultValue="data" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="data">{t('queues.modal.dataTab')}</Tabs.Trigger>
          <Tabs.Trigger value="schedules" data-testid="queue-schedules-tab">
            {t('queues.modal.schedulesTab')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="data">
          <Stack gap="3">
            <HStack align="flex-start" wrap="wrap">
              <Field.Root invalid={!!errors.name} required flex="1" minW="48">
                <Field.Label>{t('queues.fields.name')}</Field.Label>
                <Input {...register('name')} data-testid="queue-name" />
                {errors.name?.message && <Field.ErrorText>{t(errors.name.message as MessageKey)}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={!!errors.color} w="28">
                <Field.Label>{t('queues.fields.color')}</Field.Label>
                <Input type="color" p="1" {...register('color')} data-testid="queue-color" />
                {errors.color?.message && <Field.ErrorText>{t(errors.color.message as MessageKey)}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={!!errors.orderQueue} w="28">
                <Field.Label>{t('queues.fields.order')}</Field.Label>
                <Input inputMode="numeric" {...register('orderQueue')} data-testid="queue-order" />
                {errors.orderQueue?.message && <Field.ErrorText>{t(errors.orderQueue.message as MessageKey)}</Field.ErrorText>}
              </Field.Root>
            </HStack>
            <Field.Root>
              <Field.Label>{t('queues.fields.media')}</Field.Label>
              <HStack w="full" gap="2">
                <Text fontSize="sm" flex="1" minW="0" truncate color={mediaName ? undefined : 'fg.muted'} data-testid="queue-media-name">
                  {mediaName || t('queues.fields.mediaNone')}
                </Text>
                {mediaName && (
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t('queues.buttons.removeMedia')}
                    title={t('queues.buttons.removeMedia')}
                    onClick={() => setMedia({ file: null })}
                    data-testid="queue-media-remove"
                  >
                    <LuX />
                  </IconButton>
                )}
                <Button size="xs" variant="outline" onClick={() => fileInput.current?.click()} data-testid="queue-media-attach">
                  <LuPaperclip /> {t('queues.buttons.attachMedia')}
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept={MEDIA_UPLOAD_TYPES.join(',')}
                  hidden
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) setMedia({ file });
                  }}
                  data-testid="queue-media-input"
                />
              </HStack>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('queues.fields.binding')}</Field.Label>
              <HStack wrap="wrap" gap="2" data-testid="queue-binding">
                {choices.integrations.map((integration) => (
                  <Button
                    key={`i-${integration.id}`}
                    size="xs"
                    variant={binding.integrationId === integration.id ? 'solid' : 'outline'}
                    aria-pressed={binding.integrationId === integration.id}
                    onClick={() => handleChoose('integrationId', integration.id)}
                    data-testid={`queue-bind-integration-${integration.id}`}
                  >
                    <Badge size="xs">{integration.type}</Badge> {integration.name}
                  </Button>
                ))}
                {choices.agents.map((agent) => (
                  <Button
                    key={`a-${agent.id}`}
                    size="xs"
                    variant={binding.agentId === agent.id ? 'solid' : 'outline'}
                    aria-pressed={binding.agentId === agent.id}
                    onClick={() => handleChoose('agentId', agent.id)}
                    data-testid={`queue-bind-agent-${agent.id}`}
                  >
                    <Badge size="xs">{t('queues.fields.agentChip')}</Badge> {agent.name}
                  </Button>
                ))}
                {choices.integrations.length + choices.agents.length === 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('queues.fields.bindingNone')}
                  </Text>
                )}
              </HStack>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('queues.fields.greetingMessage')}</Field.Label>
              <Textarea rows={3} {...register('greetingMessage')} data-testid="queue-greeting" />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('queues.fields.complationMessage')}</Field.Label>
              <Textarea rows={2} {...register('complationMessage')} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('queues.fields.ratingMessage')}</Field.Label>
              <Textarea rows={2} {...register('ratingMessage')} />
            </Field.Root>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="schedules">
          <Stack gap="3">
            <Field.Root>
              <Field.Label>{t('queues.fields.outOfHoursMessage')}</Field.Label>
              <Textarea rows={2} {...register('outOfHoursMessage')} />
            </Field.Root>
            {schedules.map((item, index) => (
              <SimpleGrid key={item.weekdayEn} columns={3} gap="2" alignItems="center" data-testid="queue-schedule-row">
                <Text fontSize="sm">{t(`queues.weekdays.${item.weekdayEn}`)}</Text>
                <Input size="sm" type="time" {...register(`schedules.${index}.startTime`)} aria-label={t('queues.fields.startTime')} />
                <Input size="sm" type="time" {...register(`schedules.${index}.endTime`)} aria-label={t('queues.fields.endTime')} />
              </SimpleGrid>
            ))}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </FormModal>
  );
}
