import { CAMPAIGN_EDIT_WINDOW_MS } from '@app/contracts';
import type { TFunction } from 'i18next';

/** Spec 2 section 4: the statuses a campaign goes through, INATIVA by default. */
export const CAMPAIGN_STATUS_LABEL_KEYS = {
  INATIVA: 'campaigns.status.INATIVA',
  PROGRAMADA: 'campaigns.status.PROGRAMADA',
  EM_ANDAMENTO: 'campaigns.status.EM_ANDAMENTO',
  CANCELADA: 'campaigns.status.CANCELADA',
  FINALIZADA: 'campaigns.status.FINALIZADA',
} as const;

type KnownStatus = keyof typeof CAMPAIGN_STATUS_LABEL_KEYS;

function isKnownStatus(status: string): status is KnownStatus {
  return Object.hasOwn(CAMPAIGN_STATUS_LABEL_KEYS, status);
}

/** Inativa, Programada, Em Andamento, Cancelada, Finalizada; an unknown status is shown as received. */
export function campaignStatusLabel(status: string, t: TFunction): string {
  return isKnownStatus(status) ? t(CAMPAIGN_STATUS_LABEL_KEYS[status]) : status;
}

export const CAMPAIGN_STATUS_COLORS: Record<KnownStatus, string> = {
  INATIVA: 'gray',
  PROGRAMADA: 'blue',
  EM_ANDAMENTO: 'orange',
  CANCELADA: 'red',
  FINALIZADA: 'green',
};

export function campaignStatusColor(status: string): string {
  return isKnownStatus(status) ? CAMPAIGN_STATUS_COLORS[status] : 'gray';
}

/**
 * Spec 2 section 4: the fields of a campaign can be changed when it is INATIVA, or PROGRAMADA with its
 * scheduled time more than 1 hour ahead, and for a CANCELADA campaign (to change it before a restart);
 * otherwise (running, finished, or about to start) the form is shown with its fields disabled.
 */
export function isCampaignEditable(campaign: { status: string; scheduledAt: string | null } | null, now: Date = new Date()): boolean {
  if (!campaign) return true;
  if (campaign.status === 'INATIVA' || campaign.status === 'CANCELADA') return true;
  if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) return false;
  const scheduled = new Date(campaign.scheduledAt).getTime();
  return Number.isFinite(scheduled) && scheduled - now.getTime() > CAMPAIGN_EDIT_WINDOW_MS;
}

/** Spec 2: EM_ANDAMENTO can be stopped (to CANCELADA); CANCELADA can be restarted (to EM_ANDAMENTO). */
export const canStopCampaign = (status: string): boolean => status === 'EM_ANDAMENTO';
export const canRestartCampaign = (status: string): boolean => status === 'CANCELADA';
