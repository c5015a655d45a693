import { type Invoice, INVOICE_DISPLAY_STATUS, invoiceDisplayStatus } from '@app/contracts';
import { Badge, Button, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';

import { useInvoices } from '../api/get-invoices';
import { formatCents, formatDay, localToday } from '../utils/money';
import { CheckoutDialog, type CurrentPlan } from './checkout-dialog';

const STATUS_COLOUR = { paid: 'green', overdue: 'red', open: 'yellow' } as const;

type InvoicesPageProps = { companyId: number; plan: CurrentPlan | undefined };

/** /financeiro (Faturas): Id, Detalhes, Valor, Data Venc., Status, Ação; more load near the bottom; PAGAR opens the checkout. */
export function InvoicesPage({ companyId, plan }: InvoicesPageProps) {
  const { t } = useTranslation();
  const query = useInvoices();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const invoices = query.data?.pages.flatMap((page) => page.invoices) ?? [];
  const today = localToday();

  return (
    <Stack gap="4" data-testid="invoices-page">
      <Heading as="h1" size="xl">
        {t('billing.invoices.title')}
      </Heading>
      <DataTable
        testId="invoices-table"
        rowTestId="invoices-row"
        emptyTestId="invoices-empty"
        busy={query.isFetching}
        loading={query.isPending}
        rows={invoices}
        rowKey={(invoice) => invoice.id}
        rowProps={(invoice) => (invoiceDisplayStatus(invoice, today) === 'overdue' ? { bg: 'red.subtle', 'data-overdue': 'true' } : {})}
        columns={[
          { header: t('billing.invoices.fields.id'), cell: (invoice) => invoice.id },
          { header: t('billing.invoices.fields.detail'), cell: (invoice) => invoice.detail },
          { header: t('billing.invoices.fields.value'), cell: (invoice) => formatCents(invoice.value) },
          { header: t('billing.invoices.fields.dueDate'), cell: (invoice) => formatDay(invoice.dueDate) },
          {
            header: t('billing.invoices.fields.status'),
            cell: (invoice) => {
              const status = invoiceDisplayStatus(invoice, today);
              return (
                <Badge colorPalette={STATUS_COLOUR[status]} data-testid="invoices-status" data-status={status}>
                  {INVOICE_DISPLAY_STATUS[status]}
                </Badge>
              );
            },
          },
          {
            header: t('billing.invoices.fields.action'),
            cell: (invoice) =>
              invoice.status === 'paid' ? null : (
                <Button size="xs" onClick={() => setPaying(invoice)} data-testid="invoices-pay">
                  {t('billing.checkout.pay')}
                </Button>
              ),
          },
        ]}
      />
      <InfiniteListFooter
        hasNextPage={!!query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
      {paying && <CheckoutDialog invoice={paying} companyId={companyId} plan={plan} onClose={() => setPaying(null)} />}
    </Stack>
  );
}
