import { Badge, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCopy } from 'react-icons/lu';

import { toastSuccess } from '@/components/ui/toaster';

import { useCloudAccount } from '../api/get-cloud-account';

const QUALITY_PALETTE: Record<string, string> = { GREEN: 'green', YELLOW: 'yellow', RED: 'red' };

type CloudAccountDetailsProps = {
  connectionId: number;
};

/** On a Cloud API connection's card: the webhook URL for Meta's app settings, the number's name, quality and tier, and what Meta refused last. */
export function CloudAccountDetails({ connectionId }: CloudAccountDetailsProps) {
  const { t } = useTranslation();
  const { data: account } = useCloudAccount(connectionId);
  if (!account) return null;
  const webhookUrl = `${window.location.origin}${account.webhookPath}`;

  async function handleCopy() {
    await navigator.clipboard?.writeText(webhookUrl);
    toastSuccess(t('connections.cloud.copied'));
  }

  return (
    <Stack gap="1" fontSize="xs" data-testid="cloud-account-details" aria-label={t('connections.cloud.detailsTitle')} role="group">
      {account.verifiedName && (
        <Text>
          {t('connections.cloud.verifiedName')}: <strong data-testid="cloud-verified-name">{account.verifiedName}</strong>
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        <Text>{t('connections.cloud.quality')}:</Text>
        <Badge size="sm" colorPalette={QUALITY_PALETTE[account.qualityRating] ?? 'gray'} data-testid="cloud-quality">
          {t(`connections.cloud.qualityRatings.${account.qualityRating || 'UNKNOWN'}`, { defaultValue: account.qualityRating })}
        </Badge>
        <Text>{t('connections.cloud.tier')}:</Text>
        <Badge size="sm" variant="outline" data-testid="cloud-tier">
          {account.messagingTier ? t('connections.cloud.tierValue', { tier: account.messagingTier.replace(/^TIER_/, '') }) : '—'}
        </Badge>
      </HStack>
      <Text color="fg.muted">{t('connections.cloud.webhookUrl')}</Text>
      <HStack gap="1" align="flex-start">
        <Code fontSize="xs" wordBreak="break-all" data-testid="cloud-webhook-url">
          {webhookUrl}
        </Code>
        <Button size="2xs" variant="ghost" onClick={() => void handleCopy()} aria-label={t('connections.cloud.copy')}>
          <LuCopy />
        </Button>
      </HStack>
      {account.checkError && (
        <Text color="fg.error" role="alert" data-testid="cloud-check-error">
          {t('connections.cloud.checkFailed')}: {account.checkError}
        </Text>
      )}
    </Stack>
  );
}
