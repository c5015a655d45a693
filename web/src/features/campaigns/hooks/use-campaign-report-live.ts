import { type CampaignReport, companySocketEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useSocketEvent } from '@/lib/socket';

import { campaignReportQueryKey } from '../api/get-campaign-report';

/** Spec 2 section 4: a FINALIZADA campaign's report loads again this long after the news. */
export const REPORT_RELOAD_AFTER_FINISH_MS = 5_000;

/**
 * The open report follows `company-{id}-campaign`: a live update of this campaign replaces its data
 * (the campaign, or the figures of its progress) at once, and the rest of the report (chart, failures,
 * connections) is read again; when the campaign is FINALIZADA, the report reloads 5 seconds later.
 */
export function useCampaignReportLive(companyId: number | null | undefined, campaignId: number) {
  const queryClient = useQueryClient();
  const queryKey = campaignReportQueryKey(campaignId);
  const [finishedAt, setFinishedAt] = useState<number | null>(null);

  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'campaign'), (payload) => {
    if (payload.action === 'create') return;
    if (payload.action === 'delete') {
      if (payload.id === campaignId) void queryClient.invalidateQueries({ queryKey });
      return;
    }
    const [id, status] =
      payload.action === 'update' ? [payload.record.id, payload.record.status] : [payload.progress.campaignId, payload.progress.status];
    if (id !== campaignId) return;
    queryClient.setQueryData<CampaignReport>(queryKey, (report) => {
      if (!report) return report;
      if (payload.action === 'update')
        return { ...report, campaign: payload.record, progress: { ...report.progress, status: payload.record.status } };
      return {
        ...report,
        progress: payload.progress,
        campaign: { ...report.campaign, status: payload.progress.status, completedAt: payload.progress.completedAt },
      };
    });
    void queryClient.invalidateQueries({ queryKey, refetchType: status === 'FINALIZADA' ? 'none' : 'active' });
    if (status === 'FINALIZADA') setFinishedAt(Date.now());
  });

  useEffect(() => {
    if (finishedAt === null) return;
    const reload = () => void queryClient.invalidateQueries({ queryKey: campaignReportQueryKey(campaignId) });
    const timer = window.setTimeout(reload, REPORT_RELOAD_AFTER_FINISH_MS);
    return () => window.clearTimeout(timer);
  }, [finishedAt, queryClient, campaignId]);
}
