import type { Campaign } from '@app/contracts';
import { Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChartColumn, LuCirclePause, LuRotateCcw } from 'react-icons/lu';
import { useNavigate } from 'react-router';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useCompanyTimeZone } from '@/hooks/use-company-time-zone';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { isApiError } from '@/lib/api-client';
import { formatZonedDateTimeIn } from '@/lib/company-time';

import { useCancelCampaign, useRestartCampaign } from '../api/campaign-actions';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useCampaigns } from '../api/get-campaigns';
import { useCampaignsRealtime } from '../hooks/use-campaigns-realtime';
import { canRestartCampaign, canStopCampaign } from '../utils/campaign-status';
import { CampaignModal } from './campaign-modal';
import { CampaignStatusBadge } from './campaign-status-badge';

/** Spec 2 section 9: searches run 500 ms after typing stops, lowercased. */
export const CAMPAIGNS_SEARCH_DEBOUNCE_MS = 500;

type CampaignsPageProps = { companyId: number };

/** /campaigns: search, add, and the table with edit, delete (confirmed), stop, restart and report per campaign. */
export function CampaignsPage({ companyId }: CampaignsPageProps) {
  const { t, i18n } = useTranslation();
  const zone = useCompanyTimeZone();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), CAMPAIGNS_SEARCH_DEBOUNCE_MS);
  const query = useCampaigns(searchParam);
  const deleteMutation = useDeleteCampaign();
  const cancelMutation = useCancelCampaign();
  const restartMutation = useRestartCampaign();
  const [editing, setEditing] = useState<{ campaign: Campaign | null } | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  useCampaignsRealtime(companyId);

  const campaigns = query.data?.pages.flatMap((page) => page.records) ?? [];

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toastSuccess(t('campaigns.toasts.deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(null);
    }
  }

  /** Spec 2 section 8: a refused stop or restart shows the server's own message (it says why). */
  function toastRefusal(error: unknown) {
    const own = isApiError(error) && error.status > 0 && error.message && error.message !== error.code;
    toastError(own ? error.message : error);
  }

  async function handleStop(campaign: Campaign) {
    try {
      await cancelMutation.mutateAsync(campaign.id);
      toastSuccess(t('campaigns.toasts.stopped'));
    } catch (error) {
      toastRefusal(error);
    }
  }

  async function handleRestart(campaign: Campaign) {
    try {
      await restartMutation.mutateAsync(campaign.id);
      toastSuccess(t('campaigns.toasts.restarted'));
    } catch (error) {
      toastRefusal(error);
    }
  }

  const recipients = (campaign: Campaign) => campaign.contactList?.name ?? campaign.tagList?.name;
  const connections = (campaign: Campaign) => campaign.whatsapps.map((connection) => connection.name).join(', ');

  return (
    <Stack gap="4" data-testid="campaigns-page">
      <Heading as="h1" size="xl">
        {t('campaigns.title')}
      </Heading>
      <ListToolbar
        search={search}
        onSearchChange={setSearch}
        searchTestId="campaigns-search"
        searchName="searchParam"
        searchPlaceholder={t('common.search')}
        addLabel={t('campaigns.buttons.add')}
        onAdd={() => setEditing({ campaign: null })}
        addTestId="campaigns-add"
      />
      <DataTable
        testId="campaigns-table"
        rowTestId="campaigns-row"
        emptyTestId="campaigns-empty"
        busy={query.isFetching}
        loading={query.isPending}
        rows={campaigns}
        rowKey={(campaign) => campaign.id}
        rowProps={(campaign) => ({ 'data-campaign-id': campaign.id, 'data-status': campaign.status })}
        columns={[
          { header: t('campaigns.table.name'), cell: (campaign) => campaign.name },
          { header: t('campaigns.table.status'), cell: (campaign) => <CampaignStatusBadge status={campaign.status} /> },
          {
            header: t('campaigns.table.contactList'),
            cell: (campaign) => recipients(campaign) ?? <Text color="fg.muted">{t('campaigns.table.notDefined')}</Text>,
          },
          {
            header: t('campaigns.table.whatsapp'),
            cell: (campaign) => connections(campaign) || <Text color="fg.muted">{t('campaigns.table.notDefined')}</Text>,
          },
          {
            header: t('campaigns.table.scheduledAt'),
            cell: (campaign) =>
              formatZonedDateTimeIn(campaign.scheduledAt, zone, i18n.language) || (
                <Text color="fg.muted">{t('campaigns.table.noSchedule')}</Text>
              ),
          },
          {
            header: t('campaigns.table.completedAt'),
            cell: (campaign) =>
              formatZonedDateTimeIn(campaign.completedAt, zone, i18n.language) || (
                <Text color="fg.muted">{t('campaigns.table.notCompleted')}</Text>
              ),
          },
        ]}
        actions={(campaign) => (
          <RowActions
            onEdit={() => setEditing({ campaign })}
            onDelete={() => setDeleting(campaign)}
            editTestId="campaigns-edit"
            deleteTestId="campaigns-delete"
          >
            {canStopCampaign(campaign.status) && (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('campaigns.buttons.stop')}
                title={t('campaigns.buttons.stop')}
                loading={cancelMutation.isPending && cancelMutation.variables === campaign.id}
                onClick={() => void handleStop(campaign)}
                data-testid="campaigns-stop"
              >
                <LuCirclePause />
              </IconButton>
            )}
            {canRestartCampaign(campaign.status) && (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('campaigns.buttons.restart')}
                title={t('campaigns.buttons.restart')}
                loading={restartMutation.isPending && restartMutation.variables === campaign.id}
                onClick={() => void handleRestart(campaign)}
                data-testid="campaigns-restart"
              >
                <LuRotateCcw />
              </IconButton>
            )}
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('campaigns.buttons.report')}
              title={t('campaigns.buttons.report')}
              onClick={() => void navigate(paths.campaignReport(campaign.id))}
              data-testid="campaigns-report"
            >
              <LuChartColumn />
            </IconButton>
          </RowActions>
        )}
      />
      <InfiniteListFooter query={query} />
      {editing && <CampaignModal campaign={editing.campaign} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
        confirmTestId="campaigns-confirm-delete"
      />
    </Stack>
  );
}
