import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, SimpleGrid, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { useSaveQueue } from '../api/save-queue';
import type { Queue } from '../types';
import { queueFormDefaults, queueFormSchema, toQueueBody, type QueueFormValues } from '../utils/queue-form';

type QueueModalProps = { queue: Queue | null; onClose: () => void };
type MessageKey = 'queues.validation.required';

/** Adds or edits a queue: the tab 'Dados da Fila' and the out-of-hours schedules tab. */
export function QueueModal({ queue, onClose }: QueueModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveQueue();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<QueueFormValues>({ resolver: zodResolver(queueFormSchema), defaultValues: queueFormDefaults(queue) });
  const schedules = watch('schedules');

  async function handleSave(values: QueueFormValues) {
    try {
      await saveMutation.mutateAsync({ id: queue?.id, body: toQueueBody(values) });
      toastSuccess(t('queues.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="queue-modal">
            <form onSubmit={handleSubmit(handleSave)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{queue ? t('queues.modal.editTitle') : t('queues.modal.addTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Tabs.Root defaultValue="data" variant="line">
                  <Tabs.List>
                    <Tabs.Trigger value="data">{t('queues.modal.dataTab')}</Tabs.Trigger>
                    <Tabs.Trigger value="schedules" data-testid="queue-schedules-tab">
                      {t('queues.modal.schedulesTab')}
                    </Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="data">
                    <Stack gap="3">
                      <HStack align="flex-start">
                        <Field.Root invalid={!!errors.name} required flex="1">
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
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={saveMutation.isPending} data-testid="queue-save">
                  {t('common.save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
