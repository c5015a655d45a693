import type { RevenueResponse } from '@app/contracts';
import { Chart, useChart } from '@chakra-ui/charts';
import { Card, Center, Heading, NativeSelect, SimpleGrid, Spinner, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

import { chartAxis } from '@/lib/chart-axis';
import { getErrorMessage } from '@/lib/errors';

import { useRevenue } from '../api/get-revenue';
import { formatCents } from '../utils/money';

const WINDOWS = [3, 6, 12, 24] as const;

/** '2026-11' → '11/2026'. */
const formatMonth = (month: string): string => month.split('-').reverse().join('/');

/** The platform operator's revenue (super settings, beyond the spec): received, open and overdue by month of due date, a chart, and each plan. */
export function RevenuePanel() {
  const { t, i18n } = useTranslation();
  const [months, setMonths] = useState<number>(12);
  const query = useRevenue(months);

  return (
    <Stack gap="4" data-testid="revenue-panel">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <Heading as="h2" size="lg">
          {t('billing.revenue.title')}
        </Heading>
        <NativeSelect.Root width="48">
          <NativeSelect.Field
            aria-label={t('billing.revenue.window')}
            value={String(months)}
            onChange={(event) => setMonths(Number(event.target.value))}
            data-testid="revenue-window"
          >
            {WINDOWS.map((window) => (
              <option key={window} value={window}>
                {t('billing.revenue.lastMonths', { count: window })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      {query.isPending ? (
        <Center py="6">
          <Spinner aria-label={t('common.loading')} />
        </Center>
      ) : query.isError ? (
        <Text role="alert">{getErrorMessage(query.error, i18n)}</Text>
      ) : (
        <RevenueFiguresView revenue={query.data} />
      )}
    </Stack>
  );
}

function RevenueFiguresView({ revenue }: { revenue: RevenueResponse }) {
  const { t } = useTranslation();
  const stats = [
    { key: 'paid', cents: revenue.totals.paidCents, count: revenue.totals.paidCount },
    { key: 'open', cents: revenue.totals.openCents, count: revenue.totals.openCount },
    { key: 'overdue', cents: revenue.totals.overdueCents, count: revenue.totals.overdueCount },
  ] as const;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {stats.map((stat) => (
          <Card.Root key={stat.key} size="sm">
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{t(`billing.revenue.${stat.key}`)}</Stat.Label>
                <Stat.ValueText data-testid={`revenue-total-${stat.key}`}>{formatCents(stat.cents)}</Stat.ValueText>
                {/* A second description of the term: a <dl> holds only <dt> and <dd> (Chakra's help text is a <span>). */}
                <Stat.HelpText as="dd">{t('billing.revenue.invoiceCount', { count: stat.count })}</Stat.HelpText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <RevenueChart revenue={revenue} />
      <Table.Root size="sm" data-testid="revenue-plans">
        <Table.Caption>{t('billing.revenue.byPlan')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('billing.revenue.plan')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('billing.revenue.paid')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('billing.revenue.open')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('billing.revenue.overdue')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {revenue.plans.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={4}>{t('billing.revenue.none')}</Table.Cell>
            </Table.Row>
          ) : (
            revenue.plans.map((plan) => (
              <Table.Row key={plan.planId ?? 'none'} data-testid="revenue-plan-row">
                <Table.Cell>{plan.planName}</Table.Cell>
                <Table.Cell textAlign="end">{`${formatCents(plan.paidCents)} (${plan.paidCount})`}</Table.Cell>
                <Table.Cell textAlign="end">{`${formatCents(plan.openCents)} (${plan.openCount})`}</Table.Cell>
                <Table.Cell textAlign="end">{`${formatCents(plan.overdueCents)} (${plan.overdueCount})`}</Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

function RevenueChart({ revenue }: { revenue: RevenueResponse }) {
  const { t } = useTranslation();
  const chart = useChart({
    data: revenue.months.map((month) => ({
      label: formatMonth(month.month),
      paid: month.paidCents / 100,
      open: month.openCents / 100,
      overdue: month.overdueCents / 100,
    })),
    series: [
      { name: 'paid', color: 'green.solid', label: t('billing.revenue.paid'), stackId: 'a' },
      { name: 'open', color: 'yellow.solid', label: t('billing.revenue.open'), stackId: 'a' },
      { name: 'overdue', color: 'red.solid', label: t('billing.revenue.overdue'), stackId: 'a' },
    ],
  });
  return (
    <Chart.Root maxH="xs" chart={chart} data-testid="revenue-chart" aria-label={t('billing.revenue.chart')} role="img">
      <BarChart data={chart.data} responsive>
        <CartesianGrid stroke={chart.color('border')} vertical={false} />
        <XAxis {...chartAxis(chart)} tickLine={false} dataKey={chart.key('label')} />
        <YAxis {...chartAxis(chart)} tickLine={false} tickFormatter={(value: number) => formatCents(value * 100)} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar
            key={item.name}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            fill={chart.color(item.color)}
            stackId={item.stackId}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
