import type { ScheduleRecord } from '@app/contracts';
import { SimpleGrid, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '@/lib/format';

import { scheduleStats } from '../utils/schedule-stats';

type ScheduleStatsProps = {
  schedules: readonly ScheduleRecord[];
  zone: string;
};

/** The summary statistics of the appointments in view: total, pending, sent, failed, and today's. */
export function ScheduleStats({ schedules, zone }: ScheduleStatsProps) {
  const { t } = useTranslation();
  const stats = scheduleStats(schedules, zone, new Date());
  const cards = [
    { key: 'total', value: stats.total },
    { key: 'pending', value: stats.pending },
    { key: 'sent', value: stats.sent },
    { key: 'errors', value: stats.errors },
    { key: 'today', value: stats.today },
  ] as const;
  return (
    <SimpleGrid columns={{ base: 2, sm: 3, lg: 5 }} gap="3" data-testid="schedule-stats">
      {cards.map((card) => (
        <Stat.Root key={card.key} borderWidth="1px" borderRadius="md" p="3" bg="bg" data-testid={`schedule-stat-${card.key}`}>
          <Stat.Label>{t(`schedules.stats.${card.key}`)}</Stat.Label>
          <Stat.ValueText data-testid={`schedule-stat-${card.key}-value`}>{formatNumber(card.value)}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
