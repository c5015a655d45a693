import { Button, Center, Grid, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastSuccess } from '@/components/ui/toaster';

import { useCompany } from '../api/get-company';
import { useUpdateCompanySchedules } from '../api/update-company-schedules';
import type { WeeklyScheduleEntry } from '../types';
import { fullWeek } from '../utils/default-schedules';

type CompanySchedulesFormProps = {
  companyId: number;
};

/** The company's opening hours per weekday (start and end, ##:##). */
export function CompanySchedulesForm({ companyId }: CompanySchedulesFormProps) {
  const { t } = useTranslation();
  const companyQuery = useCompany(companyId);
  const updateSchedules = useUpdateCompanySchedules(companyId);
  const [week, setWeek] = useState<WeeklyScheduleEntry[]>([]);

  useEffect(() => {
    if (companyQuery.data)
      setWeek(fullWeek(companyQuery.data.schedules, (day) => t(`companies.weekdays.${day}` as 'companies.weekdays.monday')));
  }, [companyQuery.data, t]);

  function handleTimeChange(index: number, field: 'startTime' | 'endTime') {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setWeek((current) => current.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)));
    };
  }

  async function handleSave() {
    try {
      await updateSchedules.mutateAsync(week);
      toastSuccess(t('companies.toasts.schedulesSaved'));
    } catch {
      // The mutation cache shows the error.
    }
  }

  if (companyQuery.isPending) {
    return (
      <Center py="6">
        <Spinner aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <Stack gap="4" maxW="lg" data-testid="company-schedules">
      <Grid templateColumns="1fr 1fr 1fr" gap="3" alignItems="center">
        <Text fontWeight="semibold">{t('companies.schedules.weekday')}</Text>
        <Text fontWeight="semibold">{t('companies.schedules.startTime')}</Text>
        <Text fontWeight="semibold">{t('companies.schedules.endTime')}</Text>
        {week.map((entry, index) => (
          <ScheduleRow
            key={entry.weekdayEn}
            entry={entry}
            onStart={handleTimeChange(index, 'startTime')}
            onEnd={handleTimeChange(index, 'endTime')}
          />
        ))}
      </Grid>
      <Button alignSelf="flex-end" colorPalette="brand" onClick={handleSave} loading={updateSchedules.isPending}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}

type ScheduleRowProps = {
  entry: WeeklyScheduleEntry;
  onStart: (event: ChangeEvent<HTMLInputElement>) => void;
  onEnd: (event: ChangeEvent<HTMLInputElement>) => void;
};

function ScheduleRow({ entry, onStart, onEnd }: ScheduleRowProps) {
  const { t } = useTranslation();
  return (
    <>
      <Text>{entry.weekday}</Text>
      <Input
        type="time"
        size="sm"
        value={entry.startTime}
        onChange={onStart}
        aria-label={`${entry.weekday} ${t('companies.schedules.startTime')}`}
      />
      <Input
        type="time"
        size="sm"
        value={entry.endTime}
        onChange={onEnd}
        aria-label={`${entry.weekday} ${t('companies.schedules.endTime')}`}
      />
    </>
  );
}
