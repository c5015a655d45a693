import type { DashboardFigures, DashboardQuery, DashboardResponse } from '@app/contracts';
import { Chart, useChart } from '@chakra-ui/charts';
import {
  Badge,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload } from 'react-icons/lu';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

import { useCompanyTimeZone } from '@/hooks/use-company-time-zone';
import { chartAxis } from '@/lib/chart-axis';
import { downloadCsv, toCsv } from '@/lib/csv';

import { useDashboard } from '../api/get-dashboard';
import { useDashboardQueues, useDashboardUsers } from '../api/get-filter-options';
import { formatDuration, lastDays } from '../utils/format-duration';
import { CloudCostsCard } from './cloud-costs-card';

const RANGES = [7, 30, 90, 365] as const;

type StatProps = { label: string; value: string; help?: string; testId: string };

function Stat({ label, value, help, testId }: StatProps) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body gap="1">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="2xl" fontWeight="semibold">
          {value}
        </Text>
        {help && (
          <Text textStyle="xs" color="fg.muted">
            {help}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function TicketsChart({ days }: { days: DashboardResponse['days'] }) {
  const { t } = useTranslation();
  const chart = useChart({
    data: days.map((day) => ({ ...day, label: day.day.slice(5).split('-').reverse().join('/') })),
    series: [
      { name: 'created', color: 'blue.solid', label: t('dashboard.chart.created') },
      { name: 'resolved', color: 'green.solid', label: t('dashboard.chart.resolved') },
      { name: 'backlog', color: 'orange.solid', label: t('dashboard.chart.backlog') },
    ],
  });
  return (
    <Chart.Root maxH="xs" chart={chart} data-testid="dashboard-chart">
      <LineChart data={chart.data} responsive>
        <CartesianGrid stroke={chart.color('border')} vertical={false} />
        <XAxis {...chartAxis(chart)} dataKey={chart.key('label')} />
        <YAxis {...chartAxis(chart)} tickLine={false} allowDecimals={false} />
        <Tooltip animationDuration={100} cursor={false} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Line
            key={item.name}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={String(item.label)}
            stroke={chart.color(item.color)}
            strokeWidth={2}
            dot={false}
          />
        ))}
      </LineChart>
    </Chart.Root>
  );
}

type FiguresTableProps = {
  rows: (DashboardFigures & { key: string; name: string })[];
  nameHeader: string;
  testId: string;
  /**
   * The 'Novos' column: a queue's new tickets. Not an agent's: a new ticket has no holder yet, so
   * every agent's would read 0 (issue 21).
   */
  showCreated?: boolean;
  /** The table's name (its heading): its scrolling box is a Tab stop, for a phone's keyboard. */
  label: string;
};

function FiguresTable({ rows, nameHeader, testId, showCreated = true, label }: FiguresTableProps) {
  const { t } = useTranslation();
  const columns = showCreated ? 9 : 8;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{nameHeader}</Table.ColumnHeader>
            {showCreated && <Table.ColumnHeader textAlign="end">{t('dashboard.columns.created')}</Table.ColumnHeader>}
            <Table.ColumnHeader textAlign="end">{t('dashboard.columns.resolved')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('dashboard.columns.firstResponseP50')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('dashboard.columns.firstResponseP90')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('dashboard.columns.resolutionP50')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('dashboard.columns.resolutionP90')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('dashboard.columns.ratings')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('dashboard.columns.csat')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={columns} color="fg.muted">
                {t('dashboard.empty')}
              </Table.Cell>
            </Table.Row>
          )}
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell>{row.name}</Table.Cell>
              {showCreated && <Table.Cell textAlign="end">{row.created}</Table.Cell>}
              <Table.Cell textAlign="end">{row.resolved}</Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(row.firstResponse.p50)}</Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(row.firstResponse.p90)}</Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(row.resolution.p50)}</Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(row.resolution.p90)}</Table.Cell>
              <Table.Cell textAlign="end">{row.rating.count}</Table.Cell>
              <Table.Cell textAlign="end">{row.rating.average?.toFixed(2) ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The admin dashboard at / (issue 13): tickets now by status and queue, new, resolved and pending
 * tickets over the chosen days, first response and resolution times (p50 and p90) overall, per user
 * and per queue, CSAT, users online, and the per-user table as CSV. Filters: range, queue, user. With
 * a WhatsApp Cloud API number, the conversations Meta billed per month by category too.
 */
export function DashboardPage({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const zone = useCompanyTimeZone();
  const [query, setQuery] = useState<DashboardQuery>(() => lastDays(30, zone));
  const dashboard = useDashboard(query);
  const users = useDashboardUsers(companyId);
  const queues = useDashboardQueues();
  const queueName = useMemo(() => new Map((queues.data ?? []).map((queue) => [queue.id, queue.name])), [queues.data]);
  const data = dashboard.data;

  const liveByQueue = useMemo(() => {
    const rows = new Map<string, { name: string; pending: number; open: number }>();
    for (const row of data?.live ?? []) {
      const key = String(row.queueId);
      const name = row.queueId === null ? t('dashboard.noQueue') : (queueName.get(row.queueId) ?? `#${row.queueId}`);
      const entry = rows.get(key) ?? { name, pending: 0, open: 0 };
      if (row.status === 'pending') entry.pending += row.count;
      if (row.status === 'open') entry.open += row.count;
      rows.set(key, entry);
    }
    return [...rows.entries()];
  }, [data, queueName, t]);
  const pendingNow = liveByQueue.reduce((sum, [, row]) => sum + row.pending, 0);
  const openNow = liveByQueue.reduce((sum, [, row]) => sum + row.open, 0);
  const online = (users.data ?? []).filter((user) => user.online);

  function handleRange(days: number) {
    setQuery((current) => ({ ...current, ...lastDays(days, zone) }));
  }

  function handleExport() {
    if (!data) return;
    const csv = toCsv(
      [
        t('dashboard.columns.user'),
        t('dashboard.columns.resolved'),
        t('dashboard.columns.firstResponseP50'),
        t('dashboard.columns.firstResponseP90'),
        t('dashboard.columns.resolutionP50'),
        t('dashboard.columns.resolutionP90'),
        t('dashboard.columns.ratings'),
        t('dashboard.columns.csat'),
      ],
      data.byUser.map((row) => [
        row.name,
        row.resolved,
        formatDuration(row.firstResponse.p50),
        formatDuration(row.firstResponse.p90),
        formatDuration(row.resolution.p50),
        formatDuration(row.resolution.p90),
        row.rating.count,
        row.rating.average,
      ]),
    );
    downloadCsv(`atendentes-${query.dateFrom}-${query.dateTo}.csv`, csv);
  }

  const totals = data?.totals;
  return (
    <Stack gap="5" data-testid="dashboard-page">
      <Heading as="h1" size="xl">
        {t('dashboard.title')}
      </Heading>

      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root w="auto">
          <Field.Label>{t('dashboard.filters.from')}</Field.Label>
          <Input
            type="date"
            size="sm"
            value={query.dateFrom}
            max={query.dateTo}
            onChange={(event) => event.target.value && setQuery({ ...query, dateFrom: event.target.value })}
            data-testid="dashboard-from"
          />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>{t('dashboard.filters.to')}</Field.Label>
          <Input
            type="date"
            size="sm"
            value={query.dateTo}
            min={query.dateFrom}
            onChange={(event) => event.target.value && setQuery({ ...query, dateTo: event.target.value })}
            data-testid="dashboard-to"
          />
        </Field.Root>
        <Field.Root w="48">
          <Field.Label>{t('dashboard.filters.queue')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={query.queueId ?? ''}
              onChange={(event) => setQuery({ ...query, queueId: event.target.value === '' ? undefined : Number(event.target.value) })}
              data-testid="dashboard-queue"
            >
              <option value="">{t('dashboard.filters.allQueues')}</option>
              <option value="0">{t('dashboard.noQueue')}</option>
              {(queues.data ?? []).map((queue) => (
                <option key={queue.id} value={queue.id}>
                  {queue.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w="48">
          <Field.Label>{t('dashboard.filters.user')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={query.userId ?? ''}
              onChange={(event) => setQuery({ ...query, userId: event.target.value === '' ? undefined : Number(event.target.value) })}
              data-testid="dashboard-user"
            >
              <option value="">{t('dashboard.filters.allUsers')}</option>
              {(users.data ?? []).map((user) => (
                <option key={user.id} value={user.id}>
                  {user.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <HStack gap="1">
          {RANGES.map((days) => (
            <Button key={days} size="sm" variant="outline" onClick={() => handleRange(days)}>
              {t('dashboard.filters.lastDays', { count: days })}
            </Button>
          ))}
        </HStack>
        {dashboard.isFetching && <Spinner size="sm" />}
      </HStack>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Stat testId="stat-pending" label={t('dashboard.stats.pendingNow')} value={String(pendingNow)} />
        <Stat testId="stat-open" label={t('dashboard.stats.openNow')} value={String(openNow)} />
        <Stat testId="stat-created" label={t('dashboard.stats.created')} value={String(totals?.created ?? '—')} />
        <Stat testId="stat-resolved" label={t('dashboard.stats.resolved')} value={String(totals?.resolved ?? '—')} />
        <Stat
          testId="stat-first-response"
          label={t('dashboard.stats.firstResponse')}
          value={formatDuration(totals?.firstResponse.p50 ?? null)}
          help={t('dashboard.stats.p90', { value: formatDuration(totals?.firstResponse.p90 ?? null) })}
        />
        <Stat
          testId="stat-resolution"
          label={t('dashboard.stats.resolution')}
          value={formatDuration(totals?.resolution.p50 ?? null)}
          help={t('dashboard.stats.p90', { value: formatDuration(totals?.resolution.p90 ?? null) })}
        />
        <Stat
          testId="stat-csat"
          label={t('dashboard.stats.csat')}
          value={totals?.rating.average?.toFixed(2) ?? '—'}
          help={
            totals?.rating.satisfied != null
              ? t('dashboard.stats.satisfied', { percent: Math.round(totals.rating.satisfied * 100), count: totals.rating.count })
              : undefined
          }
        />
        <Stat
          testId="stat-online"
          label={t('dashboard.stats.online')}
          value={`${online.length} / ${users.data?.length ?? 0}`}
          help={online.map((user) => user.name).join(', ') || undefined}
        />
      </SimpleGrid>

      <Card.Root>
        <Card.Header>
          <Heading size="md">{t('dashboard.chart.title')}</Heading>
        </Card.Header>
        <Card.Body>{data ? <TicketsChart days={data.days} /> : <Spinner />}</Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Stack gap="2">
          <Heading size="md">{t('dashboard.liveByQueue')}</Heading>
          <Table.Root size="sm" data-testid="dashboard-live" borderWidth="1px" rounded="md">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('dashboard.columns.queue')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.columns.pending')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.columns.open')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {liveByQueue.map(([key, row]) => (
                <Table.Row key={key}>
                  <Table.Cell>{row.name}</Table.Cell>
                  <Table.Cell textAlign="end">{row.pending}</Table.Cell>
                  <Table.Cell textAlign="end">{row.open}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
        <Stack gap="2">
          <Heading size="md">{t('dashboard.ratings')}</Heading>
          <HStack gap="2" wrap="wrap" data-testid="dashboard-ratings">
            {(totals?.rating.distribution ?? [0, 0, 0, 0, 0]).map((count, index) => (
              <Badge key={index} size="lg" variant="subtle" colorPalette={index >= 3 ? 'green' : index === 2 ? 'yellow' : 'red'}>
                {'★'.repeat(index + 1)} {count}
              </Badge>
            ))}
          </HStack>
        </Stack>
      </SimpleGrid>

      <Stack gap="2">
        <HStack justify="space-between">
          <Heading size="md">{t('dashboard.byUser')}</Heading>
          <Button size="sm" variant="outline" onClick={handleExport} disabled={!data} data-testid="dashboard-export">
            <LuDownload /> {t('dashboard.export')}
          </Button>
        </HStack>
        <FiguresTable
          testId="dashboard-by-user"
          label={t('dashboard.byUser')}
          nameHeader={t('dashboard.columns.user')}
          showCreated={false}
          rows={(data?.byUser ?? []).map((row) => ({ ...row, key: String(row.userId) }))}
        />
      </Stack>

      <Stack gap="2">
        <Heading size="md">{t('dashboard.byQueue')}</Heading>
        <FiguresTable
          testId="dashboard-by-queue"
          label={t('dashboard.byQueue')}
          nameHeader={t('dashboard.columns.queue')}
          rows={(data?.byQueue ?? []).map((row) => ({ ...row, key: String(row.queueId), name: row.name || t('dashboard.noQueue') }))}
        />
      </Stack>
      <CloudCostsCard />
    </Stack>
  );
}
