import type { CampaignReport } from '@app/contracts';
import { Chart, useChart } from '@chakra-ui/charts';
import { Badge, Button, Card, Center, Heading, HStack, Progress, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

import { paths } from '@/config/paths';
import { useCompanyTimeZone } from '@/hooks/use-company-time-zone';
import { chartAxis } from '@/lib/chart-axis';
import { formatZonedClockIn, formatZonedDateTimeIn } from '@/lib/company-time';
import { formatNumber } from '@/lib/format';

import { useCampaignReport } from '../api/get-campaign-report';
import { useCampaignReportLive } from '../hooks/use-campaign-report-live';
import { CampaignStatusBadge } from './campaign-status-badge';

type CampaignReportPageProps = { companyId: number; campaignId: number };

type FigureProps = { label: string; value: number; testId: string };

function Figure({ label, value, testId }: FigureProps) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body gap="1">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="2xl" fontWeight="semibold" data-testid={`${testId}-value`}>
          {formatNumber(value)}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The share of the valid contacts the campaign reached (spec 2 section 9): each contact counts once it
 * got the message, or, with confirmation on, once it was asked to confirm.
 */
export function campaignReached(report: Pick<CampaignReport, 'campaign' | 'progress'>): { done: number; total: number; percent: number } {
  const { progress, campaign } = report;
  const done = campaign.confirmation ? progress.confirmationRequested : progress.delivered;
  const total = progress.validContacts;
  const percent = total === 0 ? 0 : Math.min(100, Math.round((done / total) * 100));
  return { done, total, percent };
}

type SeriesKey = 'delivered' | 'confirmationRequested' | 'confirmed' | 'failed';

/** The counts per minute, added up: the chart's lines climb as the campaign goes. */
function cumulative(series: CampaignReport['series'], zone: string, language: string) {
  const totals = { delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0 };
  return series.map((point) => {
    totals.delivered += point.delivered;
    totals.confirmationRequested += point.confirmationRequested;
    totals.confirmed += point.confirmed;
    totals.failed += point.failed;
    return { label: formatZonedClockIn(point.at, zone, language), ...totals };
  });
}

function ShippingChart({ report }: { report: CampaignReport }) {
  const { t, i18n } = useTranslation();
  const zone = useCompanyTimeZone();
  const keys: SeriesKey[] = report.campaign.confirmation
    ? ['delivered', 'confirmationRequested', 'confirmed', 'failed']
    : ['delivered', 'failed'];
  const colors: Record<SeriesKey, string> = {
    delivered: 'green.solid',
    confirmationRequested: 'blue.solid',
    confirmed: 'teal.solid',
    failed: 'red.solid',
  };
  const data = useMemo(() => cumulative(report.series, zone, i18n.language), [report.series, zone, i18n.language]);
  const chart = useChart({
    data,
    series: keys.map((name) => ({ name, color: colors[name], label: t(`campaigns.report.${name}`) })),
  });
  if (data.length === 0) {
    return (
      <Text color="fg.muted" data-testid="campaign-report-chart-empty">
        {t('campaigns.report.noChartData')}
      </Text>
    );
  }
  return (
    <Chart.Root maxH="xs" chart={chart} data-testid="campaign-report-chart">
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
            stroke={chart.color(item.color)}
            strokeWidth={2}
            dot={false}
          />
        ))}
      </LineChart>
    </Chart.Root>
  );
}

/**
 * /campaign/{id}/report (spec 2): the valid contacts, delivered, confirmations asked and received,
 * failures with their reasons, as figures, a progress bar and a chart over time, and each
 * connection's pause; live on company-{id}-campaign.
 */
export function CampaignReportPage({ companyId, campaignId }: CampaignReportPageProps) {
  const { t, i18n } = useTranslation();
  const zone = useCompanyTimeZone();
  const navigate = useNavigate();
  const query = useCampaignReport(campaignId);
  useCampaignReportLive(companyId, campaignId);
  const report = query.data;

  const back = (
    <Button
      variant="outline"
      size="sm"
      alignSelf="flex-start"
      onClick={() => void navigate(paths.campaigns)}
      data-testid="campaign-report-back"
    >
      <LuArrowLeft /> {t('campaigns.buttons.back')}
    </Button>
  );

  if (!report) {
    return (
      <Stack gap="4" data-testid="campaign-report-page">
        {back}
        {query.isError ? (
          <Text data-testid="campaign-report-not-found">{t('campaigns.report.notFound')}</Text>
        ) : (
          <Center py="8">
            <Spinner aria-label={t('common.loading')} />
          </Center>
        )}
      </Stack>
    );
  }

  const { campaign, progress } = report;
  const reached = campaignReached(report);
  const describeReason = (reason: string) => (i18n.exists(`errors.${reason}`) ? t(`errors.${reason}` as 'errors.generic') : reason);

  return (
    <Stack gap="5" data-testid="campaign-report-page" data-status={progress.status}>
      {back}
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1" minW="0">
          <Text textStyle="sm" color="fg.muted">
            {t('campaigns.report.title')}
          </Text>
          <Heading as="h1" size="xl" data-testid="campaign-report-name" wordBreak="break-word">
            {campaign.name}
          </Heading>
        </Stack>
        <CampaignStatusBadge status={progress.status} />
      </HStack>

      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3" textStyle="sm">
        <Text>
          <Text as="span" color="fg.muted">
            {campaign.tagList ? t('campaigns.report.tagList') : t('campaigns.report.contactList')}:{' '}
          </Text>
          {campaign.contactList?.name ?? campaign.tagList?.name ?? t('campaigns.table.notDefined')}
        </Text>
        <Text>
          <Text as="span" color="fg.muted">
            {t('campaigns.report.connections')}:{' '}
          </Text>
          {campaign.whatsapps.map((connection) => connection.name).join(', ') || t('campaigns.table.notDefined')}
        </Text>
        <Text>
          <Text as="span" color="fg.muted">
            {t('campaigns.report.scheduledAt')}:{' '}
          </Text>
          {formatZonedDateTimeIn(campaign.scheduledAt, zone, i18n.language) || t('campaigns.table.noSchedule')}
        </Text>
        <Text>
          <Text as="span" color="fg.muted">
            {t('campaigns.report.completedAt')}:{' '}
          </Text>
          {formatZonedDateTimeIn(progress.completedAt, zone, i18n.language) || t('campaigns.table.notCompleted')}
        </Text>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 2, md: 3, lg: campaign.confirmation ? 5 : 3 }} gap="3">
        <Figure testId="campaign-report-valid" label={t('campaigns.report.validContacts')} value={progress.validContacts} />
        <Figure testId="campaign-report-delivered" label={t('campaigns.report.delivered')} value={progress.delivered} />
        {campaign.confirmation && (
          <Figure
            testId="campaign-report-confirmation-requested"
            label={t('campaigns.report.confirmationRequested')}
            value={progress.confirmationRequested}
          />
        )}
        {campaign.confirmation && (
          <Figure testId="campaign-report-confirmed" label={t('campaigns.report.confirmed')} value={progress.confirmed} />
        )}
        <Figure testId="campaign-report-failed" label={t('campaigns.report.failed')} value={progress.failed} />
      </SimpleGrid>

      <Card.Root>
        <Card.Body gap="2">
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="medium">{t('campaigns.report.progress')}</Text>
            <Text textStyle="sm" color="fg.muted" data-testid="campaign-report-progress-label">
              {t('campaigns.report.progressValue', {
                done: formatNumber(reached.done),
                total: formatNumber(reached.total),
                percent: reached.percent,
              })}
            </Text>
          </HStack>
          <Progress.Root value={reached.percent} colorPalette="green" size="lg" data-testid="campaign-report-progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          {progress.outsideWindow && (
            <Text textStyle="sm" color="fg.warning" data-testid="campaign-report-outside-window">
              {progress.resumesAt
                ? t('campaigns.report.outsideWindow', { time: formatZonedDateTimeIn(progress.resumesAt, zone, i18n.language) })
                : t('campaigns.report.outsideWindowNoTime')}
            </Text>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Heading size="md">{t('campaigns.report.chartTitle')}</Heading>
        </Card.Header>
        <Card.Body>
          <ShippingChart report={report} />
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Stack gap="2">
          <Heading size="md">{t('campaigns.report.pauses')}</Heading>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="campaign-report-connections">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('campaigns.report.connections')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('campaigns.report.status')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.connections.map((connection) => (
                  <Table.Row
                    key={connection.whatsappId}
                    data-testid="campaign-report-connection"
                    data-paused={connection.pauseReason ?? ''}
                  >
                    <Table.Cell>
                      <Text fontWeight="medium">{connection.name}</Text>
                      <Text textStyle="xs" color="fg.muted">
                        {t('campaigns.report.connectionFigures', {
                          delivered: formatNumber(connection.delivered),
                          failed: formatNumber(connection.failed),
                        })}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      {connection.pauseReason ? (
                        <Stack gap="1">
                          <Badge colorPalette="orange" alignSelf="flex-start" data-testid="campaign-report-pause-reason">
                            {t(`campaigns.report.pauseReasons.${connection.pauseReason}`)}
                          </Badge>
                          {connection.pauseDetail && <Text textStyle="xs">{describeReason(connection.pauseDetail)}</Text>}
                          {connection.pausedAt && (
                            <Text textStyle="xs" color="fg.muted">
                              {t('campaigns.report.pausedSince', { time: formatZonedDateTimeIn(connection.pausedAt, zone, i18n.language) })}
                            </Text>
                          )}
                        </Stack>
                      ) : (
                        <Text color="fg.muted">—</Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {report.connections.every((connection) => !connection.pauseReason) && (
            <Text textStyle="sm" color="fg.muted">
              {t('campaigns.report.noPauses')}
            </Text>
          )}
        </Stack>
        <Stack gap="2">
          <Heading size="md">{t('campaigns.report.failureReasons')}</Heading>
          {report.failures.length === 0 ? (
            <Text textStyle="sm" color="fg.muted" data-testid="campaign-report-no-failures">
              {t('campaigns.report.noFailures')}
            </Text>
          ) : (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="campaign-report-failures">
                <Table.Body>
                  {report.failures.map((failure) => (
                    <Table.Row key={failure.reason} data-testid="campaign-report-failure">
                      <Table.Cell wordBreak="break-word">
                        {failure.reason ? describeReason(failure.reason) : t('campaigns.report.unknownReason')}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatNumber(failure.count)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
