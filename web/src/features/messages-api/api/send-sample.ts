import {
  type PartnerAgendaServices,
  partnerAgendaServicesSchema,
  type PartnerAppointment,
  partnerAppointmentSchema,
  type PartnerSchedule,
  type PartnerScheduleList,
  partnerScheduleListSchema,
  partnerScheduleSchema,
  type PartnerSendResponse,
  partnerSendResponseSchema,
  type PartnerSettings,
  partnerSettingsSchema,
  type PartnerSlots,
  partnerSlotsSchema,
  type PartnerTagList,
  partnerTagListSchema,
} from '@app/contracts';
import type { z } from 'zod';

import { API_BASE_URL, ApiError, parseAnswer } from '@/lib/api-client';

/**
 * The sample forms' calls, as a partner's system makes them: the API token as the bearer (not the
 * user's session).
 */
async function partnerCall<S extends z.ZodType>(token: string, path: string, init: RequestInit, schema: S): Promise<z.output<S>> {
  const response = await fetch(`${API_BASE_URL}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${token.trim()}` },
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (answer ?? {}) as { error?: string; message?: string; fields?: { path: string; message: string }[] };
    throw new ApiError({ status: response.status, code: error.error, message: error.message ?? response.statusText, fields: error.fields });
  }
  return parseAnswer(schema, answer, `${init.method ?? 'GET'} ${path}`);
}

/** `POST /api/messages/send`: JSON for a text, multipart for media. */
export async function sendSample(token: string, input: { number: string; body: string; file?: File | null }): Promise<PartnerSendResponse> {
  if (input.file) {
    const form = new FormData();
    form.append('number', input.number);
    form.append('body', input.body);
    form.append('medias', input.file);
    return partnerCall(token, '/messages/send', { method: 'POST', body: form }, partnerSendResponseSchema);
  }
  const body = JSON.stringify({ number: input.number, body: input.body });
  return partnerCall(
    token,
    '/messages/send',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body },
    partnerSendResponseSchema,
  );
}

/** `GET /api/messages/tags`: the company's tags. */
export function listTagsSample(token: string): Promise<PartnerTagList> {
  return partnerCall(token, '/messages/tags', { method: 'GET' }, partnerTagListSchema);
}

/** `POST /api/messages/schedules`: a text to a number at a time (a wall time in the company's zone, or an instant). */
export function scheduleSample(token: string, input: { number: string; body: string; sendAt: string }): Promise<PartnerSchedule> {
  return partnerCall(
    token,
    '/messages/schedules',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) },
    partnerScheduleSchema,
  );
}

/** `GET /api/messages/schedules`: the company's schedules, newest first (a number filters). */
export function listSchedulesSample(token: string, number = ''): Promise<PartnerScheduleList> {
  const query = number.trim() ? `?${new URLSearchParams({ number: number.trim() }).toString()}` : '';
  return partnerCall(token, `/messages/schedules${query}`, { method: 'GET' }, partnerScheduleListSchema);
}

/** `GET /api/messages/settings`: the token's connection, features and limits. */
export function settingsSample(token: string): Promise<PartnerSettings> {
  return partnerCall(token, '/messages/settings', { method: 'GET' }, partnerSettingsSchema);
}

/** `GET /api/messages/agenda/services`: the company's bookable services. */
export function agendaServicesSample(token: string): Promise<PartnerAgendaServices> {
  return partnerCall(token, '/messages/agenda/services', { method: 'GET' }, partnerAgendaServicesSchema);
}

/** `GET /api/messages/agenda/slots`: free times for a service from a day. */
export function agendaSlotsSample(token: string, input: { serviceId: number | null; fromDay: string }): Promise<PartnerSlots> {
  const query = new URLSearchParams();
  if (input.serviceId !== null) query.set('serviceId', String(input.serviceId));
  if (input.fromDay) query.set('fromDay', input.fromDay);
  const text = query.toString();
  return partnerCall(token, `/messages/agenda/slots${text ? `?${text}` : ''}`, { method: 'GET' }, partnerSlotsSchema);
}

/** `POST /api/messages/agenda/appointments`: books a free time for a number. */
export function bookSample(token: string, input: { number: string; serviceId: number | null; start: string }): Promise<PartnerAppointment> {
  const body = { number: input.number, start: input.start, ...(input.serviceId !== null ? { serviceId: input.serviceId } : {}) };
  return partnerCall(
    token,
    '/messages/agenda/appointments',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    partnerAppointmentSchema,
  );
}
