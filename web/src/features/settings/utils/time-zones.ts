import { DEFAULT_COMPANY_TIME_ZONE } from '@app/contracts';

export type TimeZoneOption = { value: string; label: string };

/** Every IANA zone the browser knows (plus UTC and the current value), sorted by name. */
export function timeZoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_COMPANY_TIME_ZONE];
  return [...new Set([...known, 'UTC', DEFAULT_COMPANY_TIME_ZONE, current].filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** The zone's offset now, as the language writes it ('GMT-3', 'GMT+9'); '' when the browser cannot tell. */
export function zoneOffset(zone: string, now: Date, language: string): string {
  try {
    const part = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((item) => item.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

/** The select's options: 'America/Sao_Paulo (GMT-3)'; the underscores of the names read as spaces. */
export function timeZoneOptions(current: string, language: string, now: Date = new Date()): TimeZoneOption[] {
  return timeZoneNames(current).map((zone) => {
    const offset = zoneOffset(zone, now, language);
    const name = zone.replace(/_/g, ' ');
    return { value: zone, label: offset ? `${name} (${offset})` : name };
  });
}
