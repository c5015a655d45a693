import { CALENDAR_COLORS, DEFAULT_BLOCK_COLOR, type ScheduleBlockRecord } from '@app/contracts';
import { Box, Button, Dialog, HStack, IconButton, Input, SimpleGrid, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { formatZonedDate, formatZonedDateTime, fromZonedInput, zonedDay } from '@/lib/company-time';

import { useDeleteScheduleBlock, useSaveScheduleBlock, useScheduleBlocks } from '../api/schedule-blocks';
import { blockFormDefaults, blockFormSchema, type BlockFormValues, blockFormValues, toBlockBody } from '../utils/block-form';
import { ColorPalette } from './calendars-modal';

/** The blocks' colours: #ff5722 first (their default), then the calendars' palette. */
const BLOCK_COLORS = [DEFAULT_BLOCK_COLOR, ...CALENDAR_COLORS];

type BlocksModalProps = {
  zone: string;
  /** A block to open for editing (one clicked in the calendar); absent: the form is a new block's. */
  block?: ScheduleBlockRecord | null;
  onClose: () => void;
};

/**
 * Schedule blocks (spec 2): the blocks from today on, and a form for a new one or for the one being
 * edited: title required, end after start, all day (the whole start day), reason, colour (#ff5722
 * unless picked). Created: 'Bloqueio criado com sucesso!'; refused: the server's message, else 'Erro
 * ao criar bloqueio' (or 'Erro ao atualizar bloqueio' for an edit).
 */
export function BlocksModal({ zone, block: opened = null, onClose }: BlocksModalProps) {
  const { t } = useTranslation();
  const from = useMemo(() => fromZonedInput(`${zonedDay(new Date(), zone)}T00:00`, zone)?.toISOString(), [zone]);
  const blocks = useScheduleBlocks({ startDate: from });
  const saveMutation = useSaveScheduleBlock();
  const deleteMutation = useDeleteScheduleBlock();
  const [deleting, setDeleting] = useState<ScheduleBlockRecord | null>(null);
  const [editing, setEditing] = useState<ScheduleBlockRecord | null>(opened);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<BlockFormValues>({
    resolver: zodResolver(blockFormSchema),
    defaultValues: opened ? blockFormValues(opened, zone) : blockFormDefaults(zone, new Date()),
  });
  const isAllDay = watch('isAllDay');

  function handleEdit(block: ScheduleBlockRecord) {
    setEditing(block);
    reset(blockFormValues(block, zone));
  }

  function handleCancelEdit() {
    setEditing(null);
    reset(blockFormDefaults(zone, new Date()));
  }

  async function handleSave(values: BlockFormValues) {
    try {
      // An edited block keeps the calendar it was made for (the form does not ask it).
      const body = editing ? { ...toBlockBody(values, zone), calendarId: editing.calendarId } : toBlockBody(values, zone);
      await saveMutation.mutateAsync({ id: editing?.id, body });
      toastSuccess(t(editing ? 'schedules.blocks.updated' : 'schedules.blocks.created'));
      handleCancelEdit();
    } catch (error) {
      toastError(isApiError(error) && error.message ? error : t(editing ? 'schedules.blocks.updateError' : 'schedules.blocks.createError'));
    }
  }

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toastSuccess(t('schedules.blocks.deleted'));
      if (editing?.id === deleting.id) handleCancelEdit();
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <>
      <DialogFrame open onOpenChange={(details) => !details.open && onClose()} size="lg" placement="center" testId="blocks-modal">
        <form noValidate onSubmit={handleSubmit(handleSave)}>
          <Dialog.Header>
            <Dialog.Title>{t('schedules.blocks.title')}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="5">
              <Stack gap="4" borderWidth="1px" borderRadius="md" p="3" data-testid="block-form" data-editing={editing?.id}>
                <Text fontWeight="medium" data-testid="block-form-title">
                  {t(editing ? 'schedules.blocks.editing' : 'schedules.blocks.add')}
                </Text>
                <FormField label={t('schedules.blocks.fields.title')} error={errors.title?.message} required>
                  <Input {...register('title')} data-testid="block-title" />
                </FormField>
                <Controller
                  control={control}
                  name="isAllDay"
                  render={({ field }) => (
                    <Switch.Root
                      checked={field.value}
                      onCheckedChange={(details) => field.onChange(details.checked)}
                      colorPalette="brand"
                      data-testid="block-all-day"
                    >
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>{t('schedules.blocks.fields.isAllDay')}</Switch.Label>
                    </Switch.Root>
                  )}
                />
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <FormField label={t('schedules.blocks.fields.start')} error={errors.startDateTime?.message} required>
                    <Input type="datetime-local" step={300} {...register('startDateTime')} data-testid="block-start" />
                  </FormField>
                  {!isAllDay && (
                    <FormField label={t('schedules.blocks.fields.end')} error={errors.endDateTime?.message} required>
                      <Input type="datetime-local" step={300} {...register('endDateTime')} data-testid="block-end" />
                    </FormField>
                  )}
                </SimpleGrid>
                <FormField label={t('schedules.blocks.fields.reason')} error={errors.reason?.message}>
                  <Textarea {...register('reason')} rows={2} data-testid="block-reason" />
                </FormField>
                <FormField label={t('schedules.blocks.fields.color')} error={errors.color?.message}>
                  <Controller
                    control={control}
                    name="color"
                    render={({ field }) => (
                      <ColorPalette value={field.value} onChange={field.onChange} colors={BLOCK_COLORS} testId="block-color" />
                    )}
                  />
                </FormField>
                <HStack justify="flex-end">
                  {editing && (
                    <Button type="button" variant="outline" onClick={handleCancelEdit} data-testid="block-cancel-edit">
                      {t('schedules.blocks.cancelEdit')}
                    </Button>
                  )}
                  <Button type="submit" colorPalette="brand" loading={saveMutation.isPending} data-testid="block-save">
                    {t(editing ? 'schedules.blocks.update' : 'schedules.blocks.save')}
                  </Button>
                </HStack>
              </Stack>
              <Stack gap="2" data-testid="blocks-list">
                {(blocks.data ?? []).map((block) => (
                  <HStack key={block.id} gap="3" p="2" borderWidth="1px" borderRadius="md" data-testid="blocks-row">
                    <Box w="3" h="3" borderRadius="full" bg={block.color} flexShrink={0} aria-hidden />
                    <Stack gap="0" flex="1" minW="0">
                      <Text fontWeight="medium">{block.title}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {block.isAllDay
                          ? `${formatZonedDate(block.startDateTime, zone)} · ${t('schedules.blocks.allDay')}`
                          : `${formatZonedDateTime(block.startDateTime, zone)} – ${formatZonedDateTime(block.endDateTime, zone)}`}
                      </Text>
                      {block.reason && (
                        <Text fontSize="xs" color="fg.muted">
                          {block.reason}
                        </Text>
                      )}
                    </Stack>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('schedules.blocks.edit')}
                      aria-pressed={editing?.id === block.id}
                      onClick={() => handleEdit(block)}
                      data-testid="blocks-edit"
                    >
                      <LuPencil />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('common.delete')}
                      onClick={() => setDeleting(block)}
                      data-testid="blocks-delete"
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                ))}
                {blocks.data?.length === 0 && (
                  <Text fontSize="sm" color="fg.muted" data-testid="blocks-empty">
                    {t('schedules.blocks.empty')}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Dialog.Footer>
        </form>
      </DialogFrame>
      <ConfirmDialog
        open={deleting !== null}
        title={t('schedules.blocks.confirmDelete', { title: deleting?.title ?? '' })}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
        testId="block-delete-dialog"
        confirmTestId="block-delete-confirm"
      />
    </>
  );
}
