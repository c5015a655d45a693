import {
  type CalendarRecord,
  CONTACT_MESSAGE_VARIABLES,
  SCHEDULE_REMINDERS,
  type ScheduleRecord,
  type ScheduleReminderRecord,
} from '@app/contracts';
import { Button, Checkbox, Dialog, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuTrash2, LuX } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { MessageVariables } from '@/components/form/message-variables';
import { SearchPicker, useSearchPickerState } from '@/components/form/search-picker';
import { SelectInput } from '@/components/form/select-input';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { isApiError } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/company-time';

import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedule } from '../api/get-schedule';
import { useContact, useContactSearch, useServicesList } from '../api/lookups';
import { useSaveSchedule } from '../api/save-schedule';
import {
  durationOptions,
  REMINDER_FIELDS,
  scheduleFormDefaults,
  scheduleFormSchema,
  type ScheduleFormValues,
  toScheduleBody,
} from '../utils/schedule-form';

/** Spec 2 section 9: searches run 500 ms after typing stops. */
const CONTACT_SEARCH_DEBOUNCE_MS = 500;

export type ScheduleModalStart = {
  schedule: ScheduleRecord | null;
  contactId?: number | null;
  sendAt?: Date | null;
  calendarId?: number | null;
};

type ScheduleModalProps = ScheduleModalStart & {
  calendars: readonly CalendarRecord[];
  zone: string;
  onClose: () => void;
};

/**
 * Books or edits an appointment (spec 2, 'Schedules screen'): contact, message, send time (in the
 * company's zone), service, calendar, duration, extra information, one attachment and the four
 * reminders. The title shows the status ('Erro de Envio' for ERRO); once sent there is no submit.
 */
export function ScheduleModal({ schedule: opened, contactId, sendAt, calendarId, calendars, zone, onClose }: ScheduleModalProps) {
  const { t } = useTranslation();
  // The appointment as it is now: its status, sentAt and reminders follow the live events while open.
  const live = useSchedule(opened);
  const schedule = opened ? (live.data ?? opened) : null;
  const saveMutation = useSaveSchedule();
  const deleteMutation = useDeleteSchedule();
  const services = useServicesList();
  // The dialog's starting values are read once, when it opens.
  const [defaults] = useState(() => scheduleFormDefaults({ schedule: opened, contactId, sendAt, calendarId, zone, now: new Date() }));
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ScheduleFormValues>({ resolver: zodResolver(scheduleFormSchema), defaultValues: defaults });
  const serviceField = register('serviceId', {
    // A service picked sets the appointment's length to the service's; the length can still be changed after.
    onChange: (event: { target: { value: string } }) => {
      const service = services.data?.find((each) => String(each.id) === event.target.value);
      if (service) setValue('duration', String(service.duration), { shouldValidate: true });
    },
  });
  const [file, setFile] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const bodyInput = useRef<HTMLTextAreaElement | null>(null);
  const bodyRegistration = register('body');
  // Deleted elsewhere while open (the live event reloaded it and it is gone): nothing more to save.
  const gone = isApiError(live.error) && live.error.status === 404;
  const sent = !!schedule?.sentAt;
  const readOnly = sent || gone;

  const picker = useSearchPickerState();
  const searchText = useDebouncedValue(picker.text.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const searching = !picker.picked && searchText.length > 0;
  const found = useContactSearch(searchText, searching);
  const givenContactId = schedule ? null : (contactId ?? null);
  const givenContact = useContact(givenContactId);
  const contactLabel = schedule?.contact
    ? `${schedule.contact.name} (${schedule.contact.number})`
    : givenContact.data
      ? `${givenContact.data.name} (${givenContact.data.number})`
      : '';
  const [prefilled, setPrefilled] = useState(false);
  if (contactLabel && !prefilled) {
    setPrefilled(true);
    picker.setPicked(contactLabel);
  }

  const title = !schedule
    ? t('schedules.modal.newTitle')
    : schedule.status === 'ERRO'
      ? t('schedules.modal.sendError')
      : t('schedules.modal.titleWithStatus', { status: t(`schedules.status.${schedule.status}`) });

  async function handleSave(values: ScheduleFormValues) {
    try {
      await saveMutation.mutateAsync({ id: schedule?.id, body: toScheduleBody(values, zone), file, removeMedia });
      toastSuccess(t('schedules.toasts.saved'));
      onClose();
    } catch (error) {
      // A field the server refused (a send time in the past) is shown under that field.
      const fields = isApiError(error) ? (error.fields ?? []) : [];
      const own = fields.filter((field): field is typeof field & { path: keyof ScheduleFormValues } => field.path in defaults);
      if (own.length > 0 && own.length === fields.length) {
        for (const field of own) setError(field.path, { message: field.message });
        return;
      }
      showScheduleError(error);
    }
  }

  async function handleDelete() {
    if (!schedule) return;
    try {
      await deleteMutation.mutateAsync(schedule.id);
      toastSuccess(t('schedules.toasts.deleted'));
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setConfirmDelete(false);
    }
  }

  function handleOpenChange(details: { open: boolean }) {
    if (!details.open) onClose();
  }

  const mediaName = file ? file.name : removeMedia ? null : (schedule?.mediaName ?? null);

  return (
    <>
      <DialogFrame open onOpenChange={handleOpenChange} size="lg" placement="center" testId="schedule-modal">
        <form noValidate onSubmit={handleSubmit(handleSave)}>
          <Dialog.Header>
            <Dialog.Title data-testid="schedule-modal-title">{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <fieldset disabled={readOnly}>
              <Stack gap="4">
                {gone && (
                  <Text fontSize="sm" color="fg.error" data-testid="schedule-gone-note">
                    {t('schedules.modal.deletedElsewhere')}
                  </Text>
                )}
                {sent && (
                  <Text fontSize="sm" color="fg.muted" data-testid="schedule-sent-note">
                    {t('schedules.modal.sentAt', { date: formatZonedDateTime(schedule.sentAt!, zone) })} ·{' '}
                    {t('schedules.modal.sentReadOnly')}
                  </Text>
                )}
                {schedule?.status === 'ERRO' && schedule.errorReason && (
                  <Text fontSize="sm" color="fg.error" data-testid="schedule-error-reason">
                    {t('schedules.modal.errorReason', { reason: schedule.errorReason })}
                  </Text>
                )}
                <FormField label={t('schedules.modal.contact')} error={errors.contactId?.message} required>
                  <Stack gap="1" w="full">
                    <SearchPicker
                      state={picker}
                      onUnpick={() => setValue('contactId', '', { shouldValidate: false })}
                      placeholder={t('schedules.modal.contactSearch')}
                      disabled={readOnly}
                      testId="schedule-contact"
                      listTestId="schedule-contact-options"
                      optionTestId="schedule-contact-option"
                      options={searching ? (found.data ?? null) : null}
                      emptyText={found.isFetching ? undefined : t('schedules.modal.noContacts')}
                      renderOption={(contact) => `${contact.name} (${contact.number})`}
                      onPick={(contact) => {
                        setValue('contactId', String(contact.id), { shouldValidate: true });
                        return `${contact.name} (${contact.number})`;
                      }}
                    />
                  </Stack>
                </FormField>
                <FormField label={t('schedules.modal.body')} error={errors.body?.message} required>
                  <Textarea
                    {...bodyRegistration}
                    ref={(element) => {
                      bodyRegistration.ref(element);
                      bodyInput.current = element;
                    }}
                    rows={4}
                    data-testid="schedule-body"
                  />
                  <MessageVariables
                    variables={CONTACT_MESSAGE_VARIABLES}
                    input={() => bodyInput.current}
                    onInsert={(text) => setValue('body', text, { shouldDirty: true, shouldValidate: !!errors.body })}
                    disabled={readOnly}
                    testId="schedule-body-variables"
                  />
                </FormField>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <FormField label={t('schedules.modal.sendAt')} error={errors.sendAt?.message} required>
                    <Input type="datetime-local" step={300} {...register('sendAt')} data-testid="schedule-send-at" />
                    <Text fontSize="xs" color="fg.muted">
                      {t('schedules.modal.timeZoneHint', { zone })}
                    </Text>
                  </FormField>
                  <FormField label={t('schedules.modal.duration')} error={errors.duration?.message} required>
                    <SelectInput {...register('duration')} data-testid="schedule-duration">
                      {durationOptions(schedule?.duration, ...(services.data ?? []).map((service) => service.duration)).map((minutes) => (
                        <option key={minutes} value={String(minutes)}>
                          {t('schedules.modal.durationOption', { count: minutes })}
                        </option>
                      ))}
                    </SelectInput>
                  </FormField>
                  <FormField label={t('schedules.modal.service')}>
                    <SelectInput
                      {...serviceField}
                      emptyOption={t('schedules.modal.noService')}
                      options={services.data ?? []}
                      data-testid="schedule-service"
                    />
                  </FormField>
                  <FormField label={t('schedules.modal.calendar')}>
                    <SelectInput
                      {...register('calendarId')}
                      emptyOption={t('schedules.modal.defaultCalendar')}
                      // '' is the default calendar (the empty option); the others while active, or the one the appointment is in.
                      options={calendars.filter(
                        (calendar) => !calendar.isDefault && (calendar.isActive || String(calendar.id) === defaults.calendarId),
                      )}
                      data-testid="schedule-calendar"
                    />
                  </FormField>
                </SimpleGrid>
                <FormField label={t('schedules.modal.extraInfo')} error={errors.extraInfo?.message}>
                  <Textarea {...register('extraInfo')} rows={2} data-testid="schedule-extra-info" />
                </FormField>
                <Stack gap="2">
                  <Text fontSize="sm" fontWeight="medium">
                    {t('schedules.modal.reminders')}
                  </Text>
                  <SimpleGrid columns={{ base: 2, sm: 4 }} gap="2" data-testid="schedule-reminders">
                    {REMINDER_FIELDS.map((name) => {
                      const reminder = reminderOf(schedule, name);
                      return (
                        <Stack key={name} gap="1">
                          <Controller
                            control={control}
                            name={name}
                            render={({ field }) => (
                              <Checkbox.Root
                                checked={field.value}
                                disabled={readOnly}
                                onCheckedChange={(details) => field.onChange(details.checked === true)}
                                data-testid={`schedule-${name}`}
                              >
                                <Checkbox.HiddenInput />
                                <Checkbox.Control />
                                <Checkbox.Label>{t(`schedules.modal.${name}`)}</Checkbox.Label>
                              </Checkbox.Root>
                            )}
                          />
                          {reminder && (
                            <Text
                              fontSize="xs"
                              color={reminder.status === 'ERRO' ? 'fg.error' : 'fg.muted'}
                              data-testid={`schedule-reminder-state-${reminder.kind}`}
                              data-status={reminder.status}
                            >
                              {t(`schedules.reminderState.${reminder.status}`, {
                                date: formatZonedDateTime(reminder.sentAt ?? reminder.at, zone),
                                reason: reminder.errorReason ?? '',
                              })}
                            </Text>
                          )}
                        </Stack>
                      );
                    })}
                  </SimpleGrid>
                </Stack>
                <Stack gap="2">
                  <Text fontSize="sm" fontWeight="medium">
                    {t('schedules.modal.attachment')}
                  </Text>
                  <HStack gap="2" wrap="wrap">
                    {mediaName ? (
                      <>
                        <Text fontSize="sm" data-testid="schedule-attachment-name">
                          {mediaName}
                        </Text>
                        {!readOnly && (
                          <Button
                            type="button"
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t('schedules.modal.removeAttachment')}
                            onClick={() => {
                              setFile(null);
                              setRemoveMedia(true);
                              if (fileInput.current) fileInput.current.value = '';
                            }}
                            data-testid="schedule-attachment-remove"
                          >
                            <LuX />
                          </Button>
                        )}
                      </>
                    ) : (
                      !readOnly && (
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={() => fileInput.current?.click()}
                          data-testid="schedule-attach"
                        >
                          <LuPaperclip /> {t('schedules.modal.attach')}
                        </Button>
                      )
                    )}
                    <input
                      ref={fileInput}
                      type="file"
                      hidden
                      onChange={(event) => {
                        // One attachment: a new pick replaces the one chosen before.
                        setFile(event.target.files?.[0] ?? null);
                      }}
                      data-testid="schedule-file-input"
                    />
                  </HStack>
                </Stack>
              </Stack>
            </fieldset>
          </Dialog.Body>
          <Dialog.Footer>
            {schedule && !gone && (
              <Button
                type="button"
                variant="ghost"
                colorPalette="red"
                marginEnd="auto"
                onClick={() => setConfirmDelete(true)}
                data-testid="schedule-delete"
              >
                <LuTrash2 /> {t('schedules.modal.delete')}
              </Button>
            )}
            <Button type="button" variant="outline" onClick={onClose} disabled={saveMutation.isPending}>
              {readOnly ? t('common.close') : t('common.cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" colorPalette="brand" loading={saveMutation.isPending} data-testid="schedule-save">
                {schedule ? t('common.save') : t('schedules.modal.schedule')}
              </Button>
            )}
          </Dialog.Footer>
        </form>
      </DialogFrame>
      <ConfirmDialog
        open={confirmDelete}
        title={t('schedules.modal.delete')}
        message={t('schedules.confirmDelete')}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleDelete()}
        onClose={() => setConfirmDelete(false)}
        testId="schedule-delete-dialog"
        confirmTestId="schedule-delete-confirm"
      />
    </>
  );
}

/** A refused booking says why: ERR_SCHEDULE_CONFLICT carries the reason (a block, a day off, the hours, another appointment). */
export function showScheduleError(error: unknown) {
  if (isApiError(error) && error.code === 'ERR_SCHEDULE_CONFLICT' && error.message) {
    toastError(error.message);
    return;
  }
  toastError(error);
}

/** The state of the reminder a checkbox enables, when the saved appointment has it. */
function reminderOf(schedule: ScheduleRecord | null, field: (typeof REMINDER_FIELDS)[number]): ScheduleReminderRecord | null {
  const kind = SCHEDULE_REMINDERS.find((reminder) => reminder.field === field)?.kind;
  return schedule?.reminders.find((reminder) => reminder.kind === kind) ?? null;
}
