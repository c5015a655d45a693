import { CALENDAR_COLORS, type CalendarRecord } from '@app/contracts';
import { Badge, Box, Button, chakra, Dialog, HStack, Input, Stack, Switch, Text, Textarea, Wrap } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { RowActions } from '@/components/list/row-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { FormModal } from '@/components/ui/form-modal';
import { saveAndClose } from '@/components/ui/save-and-close';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useDeleteCalendar, useSaveCalendar } from '../api/calendars';
import { calendarFormDefaults, calendarFormSchema, type CalendarFormValues, toCalendarBody } from '../utils/calendar-form';
import { GoogleCalendarPanel } from './google-calendar-panel';

type CalendarsModalProps = {
  calendars: readonly CalendarRecord[];
  onClose: () => void;
};

/**
 * Manage calendars (spec 2): the company's calendars with their colour, default and active marks;
 * add, edit, delete (the default one cannot be: 'Não é possível deletar o calendário padrão'),
 * switch active; and the external calendar integration, shown disabled.
 */
export function CalendarsModal({ calendars, onClose }: CalendarsModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveCalendar();
  const deleteMutation = useDeleteCalendar();
  const [editing, setEditing] = useState<{ calendar: CalendarRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<CalendarRecord | null>(null);

  function handleDelete(calendar: CalendarRecord) {
    if (calendar.isDefault) {
      toastError(t('schedules.calendars.defaultCannotBeDeleted'));
      return;
    }
    setDeleting(calendar);
  }

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toastSuccess(t('schedules.calendars.deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(null);
    }
  }

  async function handleActiveChange(calendar: CalendarRecord, isActive: boolean) {
    try {
      await saveMutation.mutateAsync({ id: calendar.id, body: { ...toCalendarBody(calendarFormDefaults(calendar)), isActive } });
      toastSuccess(t('schedules.calendars.updated'));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <>
      <DialogFrame
        open
        onOpenChange={(details) => !details.open && onClose()}
        size="lg"
        placement="center"
        scrollBehavior="inside"
        testId="calendars-modal"
      >
        <Dialog.Header>
          <Dialog.Title>{t('schedules.calendars.title')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <HStack justify="flex-end">
              <Button size="sm" colorPalette="brand" onClick={() => setEditing({ calendar: null })} data-testid="calendars-add">
                <LuPlus /> {t('schedules.calendars.add')}
              </Button>
            </HStack>
            <Stack gap="2" data-testid="calendars-list">
              {calendars.map((calendar) => (
                <HStack
                  key={calendar.id}
                  gap="3"
                  p="2"
                  borderWidth="1px"
                  borderRadius="md"
                  wrap="wrap"
                  data-testid="calendars-row"
                  data-calendar-id={calendar.id}
                >
                  <Box w="4" h="4" borderRadius="full" bg={calendar.color} flexShrink={0} aria-hidden />
                  <Stack gap="0" flex="1" minW="32">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="medium">{calendar.name}</Text>
                      {calendar.isDefault && (
                        <Badge colorPalette="blue" variant="subtle">
                          {t('schedules.calendars.defaultBadge')}
                        </Badge>
                      )}
                    </HStack>
                    {calendar.description && (
                      <Text fontSize="xs" color="fg.muted">
                        {calendar.description}
                      </Text>
                    )}
                  </Stack>
                  <Switch.Root
                    size="sm"
                    colorPalette="brand"
                    checked={calendar.isActive}
                    onCheckedChange={(details) => void handleActiveChange(calendar, details.checked)}
                    data-testid="calendars-active"
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>{calendar.isActive ? t('schedules.calendars.active') : t('schedules.calendars.inactive')}</Switch.Label>
                  </Switch.Root>
                  <RowActions
                    onEdit={() => setEditing({ calendar })}
                    onDelete={() => handleDelete(calendar)}
                    editTestId="calendars-edit"
                    deleteTestId="calendars-delete"
                  />
                </HStack>
              ))}
            </Stack>
            <GoogleCalendarPanel />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Dialog.Footer>
      </DialogFrame>
      {editing && <CalendarFormModal calendar={editing.calendar} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('common.delete')}
        message={t('schedules.calendars.confirmDelete', { name: deleting?.name ?? '' })}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
        testId="calendar-delete-dialog"
        confirmTestId="calendar-delete-confirm"
      />
    </>
  );
}

type ColorPaletteProps = {
  value: string;
  onChange: (color: string) => void;
  colors: readonly string[];
  testId: string;
};

/** A row of colour swatches to pick one from (the calendars' 15 colours). */
export function ColorPalette({ value, onChange, colors, testId }: ColorPaletteProps) {
  const { t } = useTranslation();
  return (
    <Wrap gap="2" data-testid={testId}>
      {colors.map((color) => {
        const selected = color.toLowerCase() === value.toLowerCase();
        return (
          <chakra.button
            key={color}
            type="button"
            w="7"
            h="7"
            borderRadius="full"
            bg={color}
            borderWidth="3px"
            borderColor={selected ? 'fg' : 'transparent'}
            outlineOffset="2px"
            aria-label={t('schedules.calendars.pickColor', { color })}
            aria-pressed={selected}
            onClick={() => onChange(color)}
            data-testid={`${testId}-swatch`}
            data-color={color}
          />
        );
      })}
    </Wrap>
  );
}

type CalendarFormModalProps = {
  calendar: CalendarRecord | null;
  onClose: () => void;
};

/** Adds or edits a calendar: name (required), description, colour from the palette, default and active. */
export function CalendarFormModal({ calendar, onClose }: CalendarFormModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveCalendar();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CalendarFormValues>({ resolver: zodResolver(calendarFormSchema), defaultValues: calendarFormDefaults(calendar) });

  const handleSave = (values: CalendarFormValues) =>
    saveAndClose(
      saveMutation,
      { id: calendar?.id, body: toCalendarBody(values) },
      { saved: calendar ? t('schedules.calendars.updated') : t('schedules.calendars.created'), onClose },
    );

  return (
    <FormModal
      open
      onClose={onClose}
      title={calendar ? t('schedules.calendars.editTitle') : t('schedules.calendars.add')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending}
      submitLabel={calendar ? t('common.save') : t('common.add')}
      testId="calendar-form-modal"
      submitTestId="calendar-save"
    >
      <Stack gap="4">
        <FormField label={t('schedules.calendars.name')} error={errors.name?.message} required>
          <Input {...register('name')} autoFocus data-testid="calendar-name" />
        </FormField>
        <FormField label={t('schedules.calendars.description')} error={errors.description?.message}>
          <Textarea {...register('description')} rows={2} data-testid="calendar-description" />
        </FormField>
        <FormField label={t('schedules.calendars.color')} error={errors.color?.message}>
          <Controller
            control={control}
            name="color"
            render={({ field }) => (
              <ColorPalette value={field.value} onChange={field.onChange} colors={CALENDAR_COLORS} testId="calendar-color" />
            )}
          />
        </FormField>
        <HStack gap="6" wrap="wrap">
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <Switch.Root
                checked={field.value}
                // The default calendar stays the default until another one takes its place.
                disabled={!!calendar?.isDefault}
                onCheckedChange={(details) => field.onChange(details.checked)}
                colorPalette="brand"
                data-testid="calendar-is-default"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t('schedules.calendars.isDefault')}</Switch.Label>
              </Switch.Root>
            )}
          />
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <Switch.Root
                checked={field.value}
                onCheckedChange={(details) => field.onChange(details.checked)}
                colorPalette="brand"
                data-testid="calendar-is-active"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t('schedules.calendars.isActive')}</Switch.Label>
              </Switch.Root>
            )}
          />
        </HStack>
      </Stack>
    </FormModal>
  );
}
