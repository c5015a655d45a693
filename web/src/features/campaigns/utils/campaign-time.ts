import { CAMPAIGN_DEFAULT_TIME_ZONE } from '@app/contracts';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

import { currentLanguage } from '@/lib/i18n';

/** The time zone a campaign's schedule is written and shown in (the company's; America/Sao_Paulo by default). */
export const CAMPAIGN_TIME_ZONE = CAMPAIGN_DEFAULT_TIME_ZONE;

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value (`YYYY-MM-DDTHH:mm`, a wall time of the company's zone) as the API takes
 * scheduledAt (spec 2 section 5): `YYYY-MM-DD HH:mm:ss`; '' (no schedule) stays ''.
 */
export function toScheduledAtBody(localValue: string): string {
  const match = LOCAL_INPUT.exec(localValue.trim());
  if (!match) return localValue.trim();
  return `${match[1]} ${match[2]}:${match[3] ?? '00'}`;
}

/** An API time (ISO 8601, UTC) as the datetime-local value of that moment in the company's zone. */
export function toScheduledAtInput(iso: string | null | undefined, timeZone: string = CAMPAIGN_TIME_ZONE): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (!Number.isFinite(time)) return '';
  return format(new TZDate(time, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** dd/MM/yyyy HH:mm (the language's order) of an API time, in the company's zone; '' without one. */
export function formatCampaignTime(
  iso: string | null | undefined,
  language: string = currentLanguage(),
  timeZone: string = CAMPAIGN_TIME_ZONE,
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (!Number.isFinite(date.getTime())) return '';
  const day = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
  return `${day} ${formatCampaignClock(iso, language, timeZone)}`;
}

/** HH:mm of an API time in the company's zone (the report chart's axis). */
export function formatCampaignClock(iso: string, language: string = currentLanguage(), timeZone: string = CAMPAIGN_TIME_ZONE): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
}
