import type { CalendarRecord, ScheduleSettingsRecord } from '@app/contracts';
import { Alert, Button, Checkbox, Dialog, HStack, IconButton, Input, Spinner, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { SelectInput } from '@/components/form/select-input';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useSaveScheduleSettings, useScheduleSettings } from '../api/schedule-settings';
import {
  addSlot,
  canDeleteSlot,
  invalidSlots,
  isDayEnabled,
  minutesOfDay,
  removeSlot,
  slotsOfDay,
  type TimeSlotDraft,
  toggleDay,
  updateSlot,
  WEEK_DAYS,
} from '../utils/time-slots';

type ScheduleSettingsModalProps = {
  calendars: readonly CalendarRecord[];
  onClose: () => void;
};

/** Schedule settings (spec 2), the company's or one calendar's: overlaps, active days, work hours and each weekday's time slots. */
export function ScheduleSettingsModal({ calendars, onClose }: ScheduleSettingsModalProps) {
  const { t } = useTranslation();
  const [calendarId, setCalendarId] = useState<number | null>(null);
  const settings = useScheduleSettings(calendarId);

  return (
    <DialogFrame
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="xl"
      placement="center"
      scrollBehavior="inside"
      testId="schedule-settings-modal"
    >
      <Dialog.Header>
        <Dialog.Title>{t('schedules.settings.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={t('schedules.settings.calendarScope')}>
            <SelectInput
              value={calendarId === null ? '' : String(calendarId)}
              onChange={(event) => setCalendarId(event.target.value ? Number(event.target.value) : null)}
              emptyOption={t('schedules.settings.companyScope')}
              options={calendars}
              data-testid="schedule-settings-scope"
            />
          </FormField>
          {settings.data ? (
            <SettingsForm key={calendarId ?? 'company'} calendarId={calendarId} settings={settings.data} onClose={onClose} />
          ) : (
            <Spinner alignSelf="center" />
          )}
        </Stack>
      </Dialog.Body>
    </DialogFrame>
  );
}

type SettingsFormProps = {
  calendarId: number | null;
  settings: ScheduleSettingsRecord;
  onClose: () => void;
};

function SettingsForm({ calendarId, settings, onClose }: SettingsFormProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveScheduleSettings();
  const [allowOverlaps, setAllowOverlaps] = useState(settings.allowOverlaps);
  const [activeDays, setActiveDays] = useState<number[]>(settings.activeDays);
  const [workHoursStart, setWorkHoursStart] = useState(settings.workHoursStart);
  const [workHoursEnd, setWorkHoursEnd] = useState(settings.workHoursEnd);
  const [slots, setSlots] = useState<TimeSlotDraft[]>(settings.timeSlots);

  const hoursInvalid = (minutesOfDay(workHoursEnd) ?? 0) <= (minutesOfDay(workHoursStart) ?? 0);
  const badSlots = new Set(invalidSlots(slots));

  async function handleSave() {
    if (hoursInvalid || badSlots.size > 0) return;
    try {
      await saveMutation.mutateAsync({
        calendarId,
        body: {
          allowOverlaps,
          activeDays,
          workHoursStart,
          workHoursEnd,
          timeSlots: slots.map(({ id, dayOfWeek, enabled, startTime, endTime }) => ({ id, dayOfWeek, enabled, startTime, endTime })),
        },
      });
      toastSuccess(t('schedules.settings.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  function handleActiveDay(day: number, checked: boolean) {
    setActiveDays((days) => (checked ? [...new Set([...days, day])].sort() : days.filter((item) => item !== day)));
  }

  return (
    <Stack gap="5" data-testid="schedule-settings-form">
      <Text fontSize="sm" color="fg.muted" data-testid="settings-company-time-zone">
        {t('schedules.settings.companyTimeZone', { zone: settings.timeZone })}
      </Text>
      {settings.inherited && calendarId !== null && (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('schedules.settings.inherited')}</Alert.Title>
        </Alert.Root>
      )}
      <Switch.Root
        checked={allowOverlaps}
        onCheckedChange={(details) => setAllowOverlaps(details.checked)}
        colorPalette="brand"
        data-testid="settings-allow-overlaps"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('schedules.settings.allowOverlaps')}</Switch.Label>
      </Switch.Root>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          {t('schedules.settings.activeDays')}
        </Text>
        <Wrap gap="3" data-testid="settings-active-days">
          {WEEK_DAYS.map((day) => (
            <Checkbox.Root
              key={day}
              checked={activeDays.includes(day)}
              onCheckedChange={(details) => handleActiveDay(day, details.checked === true)}
              data-testid={`settings-active-day-${day}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`schedules.weekdaysShort.${day}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      </Stack>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          {t('schedules.settings.workHours')}
        </Text>
        <HStack gap="3" wrap="wrap" align="flex-start" maxW="md">
          <FormField label={t('schedules.settings.workHoursStart')}>
            <Input
              type="time"
              step={300}
              value={workHoursStart}
              onChange={(event) => setWorkHoursStart(event.target.value)}
              data-testid="settings-work-start"
            />
          </FormField>
          <FormField
            label={t('schedules.settings.workHoursEnd')}
            error={hoursInvalid ? 'schedules.settings.slotEndBeforeStart' : undefined}
          >
            <Input
              type="time"
              step={300}
              value={workHoursEnd}
              onChange={(event) => setWorkHoursEnd(event.target.value)}
              data-testid="settings-work-end"
            />
          </FormField>
        </HStack>
      </Stack>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          {t('schedules.settings.timeSlots')}
        </Text>
        {WEEK_DAYS.map((day) => {
          const daySlots = slotsOfDay(slots, day);
          const deletable = canDeleteSlot(slots, day);
          const dayName = t(`schedules.weekdays.${day}`);
          return (
            <Stack key={day} gap="2" p="2" borderWidth="1px" borderRadius="md" data-testid="settings-day" data-day={day}>
              <HStack justify="space-between" wrap="wrap">
                <Switch.Root
                  size="sm"
                  checked={isDayEnabled(slots, day)}
                  onCheckedChange={(details) => setSlots((current) => toggleDay(current, day, details.checked))}
                  colorPalette="brand"
                  aria-label={t('schedules.settings.dayEnabled', { day: dayName })}
                  data-testid="settings-day-toggle"
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{dayName}</Switch.Label>
                </Switch.Root>
                <Button
                  size="xs"
                  variant="ghost"
                  onClick={() => setSlots((current) => addSlot(current, day))}
                  data-testid="settings-add-slot"
                >
                  <LuPlus /> {t('schedules.settings.addSlot')}
                </Button>
              </HStack>
              {daySlots.map((slot, index) => (
                <HStack key={slot.id ?? `new-${index}`} gap="2" wrap="wrap" data-testid="settings-slot">
                  <Input
                    type="time"
                    step={300}
                    size="sm"
                    maxW="32"
                    value={slot.startTime}
                    disabled={!slot.enabled}
                    onChange={(event) => setSlots((current) => updateSlot(current, day, index, { startTime: event.target.value }))}
                    data-testid="settings-slot-start"
                  />
                  <Text>–</Text>
                  <Input
                    type="time"
                    step={300}
                    size="sm"
                    maxW="32"
                    value={slot.endTime}
                    disabled={!slot.enabled}
                    onChange={(event) => setSlots((current) => updateSlot(current, day, index, { endTime: event.target.value }))}
                    data-testid="settings-slot-end"
                  />
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    disabled={!deletable}
                    title={deletable ? t('schedules.settings.removeSlot') : t('schedules.settings.onlySlot')}
                    aria-label={deletable ? t('schedules.settings.removeSlot') : t('schedules.settings.onlySlot')}
                    onClick={() => setSlots((current) => removeSlot(current, day, index))}
                    data-testid="settings-remove-slot"
                  >
                    <LuTrash2 />
                  </IconButton>
                  {badSlots.has(slot) && (
                    <Text fontSize="xs" color="fg.error">
                      {t('schedules.settings.slotEndBeforeStart')}
                    </Text>
                  )}
                </HStack>
              ))}
            </Stack>
          );
        })}
      </Stack>
      <HStack justify="flex-end" gap="2">
        <Button variant="outline" onClick={onClose} disabled={saveMutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          colorPalette="brand"
          onClick={() => void handleSave()}
          loading={saveMutation.isPending}
          disabled={hoursInvalid || badSlots.size > 0}
          data-testid="settings-save"
        >
          {t('common.save')}
        </Button>
      </HStack>
    </Stack>
  );
}
