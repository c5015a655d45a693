import { trialDaysLeft } from '@app/contracts';
import { Card, Center, DataList, Heading, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useSubscription } from '../api/get-subscription';
import { formatDay, localToday } from '../utils/money';

type SubscriptionPageProps = { companyId: number };

/** /subscription (Assinatura): the trial days left, counted from trialExpiration, and the billing e-mail. */
export function SubscriptionPage({ companyId }: SubscriptionPageProps) {
  const { t } = useTranslation();
  const query = useSubscription(companyId);
  if (query.isPending) {
    return (
      <Center py="6">
        <Spinner aria-label={t('common.loading')} />
      </Center>
    );
  }
  const company = query.data;
  const daysLeft = trialDaysLeft(company?.trialExpiration ?? null, localToday());
  return (
    <Stack gap="4" data-testid="subscription-page">
      <Heading as="h1" size="xl">
        {t('billing.subscription.title')}
      </Heading>
      <Card.Root maxW="lg">
        <Card.Body>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('billing.subscription.trial')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="subscription-trial">
                {daysLeft === null
                  ? t('billing.subscription.noTrial')
                  : daysLeft === 0
                    ? t('billing.subscription.trialEnded', { date: formatDay(company!.trialExpiration!) })
                    : t('billing.subscription.trialDaysLeft', { count: daysLeft, date: formatDay(company!.trialExpiration!) })}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('billing.subscription.billingEmail')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="subscription-billing-email">
                {company?.billingEmail ?? company?.email ?? t('billing.subscription.noEmail')}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
