import { CLOUD_PRICING_CATEGORIES } from '@app/contracts';
import { Card, Field, Heading, HStack, Input, Spinner, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCompanyTimeZone } from '@/hooks/use-company-time-zone';

import { useCloudCosts, useHasCloudConnection } from '../api/get-cloud-costs';

type PricingCategory = (typeof CLOUD_PRICING_CATEGORIES)[number];
const isKnown = (category: string): category is PricingCategory => (CLOUD_PRICING_CATEGORIES as readonly string[]).includes(category);

/** This month (YYYY-MM) in the company's time zone. */
export function currentMonth(timeZone: string, now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone }).slice(0, 7);
}

/**
 * The conversations Meta billed on the company's WhatsApp Cloud API numbers in a month, by category
 * (decision 0054); shown only to a company that has such a connection.
 */
export function CloudCostsCard() {
  const { t } = useTranslation();
  const zone = useCompanyTimeZone();
  const [month, setMonth] = useState(() => currentMonth(zone));
  const hasCloud = useHasCloudConnection();
  const costs = useCloudCosts(month, hasCloud.data === true);
  if (hasCloud.data !== true) return null;
  const rows = costs.data ?? [];
  const total = rows.reduce(
    (sum, row) => ({ conversations: sum.conversations + row.conversations, billable: sum.billable + row.billable }),
    {
      conversations: 0,
      billable: 0,
    },
  );
  const label = (category: string) => (isKnown(category) ? t(`dashboard.cloudCosts.categories.${category}`) : category);

  return (
    <Card.Root size="sm" data-testid="cloud-costs">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="md">
            {t('dashboard.cloudCosts.title')}
          </Heading>
          <Field.Root w="auto">
            <Field.Label>{t('dashboard.cloudCosts.month')}</Field.Label>
            <Input
              type="month"
              size="sm"
              value={month}
              onChange={(event) => /^\d{4}-\d{2}$/.test(event.target.value) && setMonth(event.target.value)}
              data-testid="cloud-costs-month"
            />
          </Field.Root>
        </HStack>
      </Card.Header>
      <Card.Body>
        {costs.isPending ? (
          <Spinner size="sm" />
        ) : costs.isError ? (
          <Text role="alert" color="fg.error">
            {t('dashboard.cloudCosts.failed')}
          </Text>
        ) : rows.length === 0 ? (
          <Text color="fg.muted" data-testid="cloud-costs-empty">
            {t('dashboard.cloudCosts.empty')}
          </Text>
        ) : (
          <Table.Root size="sm" data-testid="cloud-costs-table">
            <Table.Caption>{t('dashboard.cloudCosts.caption')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('dashboard.cloudCosts.category')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.cloudCosts.conversations')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.cloudCosts.billable')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.category}>
                  <Table.Cell>{label(row.category)}</Table.Cell>
                  <Table.Cell textAlign="end">{row.conversations}</Table.Cell>
                  <Table.Cell textAlign="end">{row.billable}</Table.Cell>
                </Table.Row>
              ))}
              <Table.Row fontWeight="semibold">
                <Table.Cell>{t('dashboard.cloudCosts.total')}</Table.Cell>
                <Table.Cell textAlign="end">{total.conversations}</Table.Cell>
                <Table.Cell textAlign="end">{total.billable}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
