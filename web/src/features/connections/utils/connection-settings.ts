import { API_MEDIA_POSITIONS, type ConnectionUpdateBody, TRANSCRIBE_PROVIDERS } from '@app/contracts';
import { z } from 'zod';

import type { Connection } from '../types';
import { greetingFor } from './connection-form';

/**
 * The settings panels of a connection card (spec 1 section 2, Connections): each panel saves its
 * own fields with `PUT /whatsapp/{id}`, sending only what changed and nothing when nothing did.
 * Messages are i18n keys; the panels translate them.
 */

const wholeNumber = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'connections.validation.wholeNumber')
    .refine((text) => Number(text) <= max, 'connections.validation.tooBig');

/** Queue selection toggle and greeting: the greeting is required with more than one queue and cleared with one or none. */
export const queueSettingsSchema = z
  .object({
    selectQueues: z.boolean(),
    queueIds: z.array(z.number().int()),
    greetingMessage: z.string().max(5_000, 'connections.validation.tooLong'),
  })
  .superRefine((values, context) => {
    if (values.selectQueues && values.queueIds.length > 1 && !values.greetingMessage.trim()) {
      context.addIssue({ code: 'custom', path: ['greetingMessage'], message: 'connections.validation.greetingRequired' });
    }
  });
export type QueueSettingsValues = z.infer<typeof queueSettingsSchema>;

export const transcriptionSettingsSchema = z.object({
  activeTranscribe: z.boolean(),
  transcribe: z.boolean(),
  transcribeme: z.boolean(),
  sendme: z.boolean(),
  transcribeprovider: z.enum(TRANSCRIBE_PROVIDERS),
  transcribekey: z.string().trim().max(500, 'connections.validation.tooLong'),
});
export type TranscriptionSettingsValues = z.infer<typeof transcriptionSettingsSchema>;

const message = z.string().max(5_000, 'connections.validation.tooLong');
export const generalSettingsSchema = z.object({
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  expiresInactiveMessage: message,
  expiresTicket: wholeNumber(525_600),
  timeUseBotQueues: wholeNumber(525_600),
  maxUseBotQueues: wholeNumber(100),
  timeforagroup: wholeNumber(3_600),
});
export type GeneralSettingsValues = z.input<typeof generalSettingsSchema>;

export const API_MEDIA_FIELDS = ['api1_medias', 'api2_medias', 'api3_medias'] as const;
export type ApiMediaField = (typeof API_MEDIA_FIELDS)[number];

export function queueSettingsOf(connection: Connection): QueueSettingsValues {
  return { selectQueues: connection.queueIds.length > 0, queueIds: connection.queueIds, greetingMessage: connection.greetingMessage };
}

export function transcriptionSettingsOf(connection: Connection): TranscriptionSettingsValues {
  return {
    activeTranscribe: connection.activeTranscribe,
    transcribe: connection.transcribe,
    transcribeme: connection.transcribeme,
    sendme: connection.sendme,
    transcribeprovider: connection.transcribeprovider,
    transcribekey: connection.transcribekey,
  };
}

export function generalSettingsOf(connection: Connection): GeneralSettingsValues {
  return {
    complationMessage: connection.complationMessage,
    outOfHoursMessage: connection.outOfHoursMessage,
    ratingMessage: connection.ratingMessage,
    expiresInactiveMessage: connection.expiresInactiveMessage,
    expiresTicket: String(connection.expiresTicket),
    timeUseBotQueues: String(connection.timeUseBotQueues),
    maxUseBotQueues: String(connection.maxUseBotQueues),
    timeforagroup: String(connection.timeforagroup),
  };
}

/** The three positions of an API media set, empty ones as null. */
export function apiMediaPositions(values: readonly (string | null)[]): (string | null)[] {
  return Array.from({ length: API_MEDIA_POSITIONS }, (_, index) => values[index] ?? null);
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => same(item, b[index]));
  return a === b;
}

/** The fields of `next` that differ from the connection's; null when none does (nothing is sent). */
export function changedSettings(connection: Connection, next: ConnectionUpdateBody): ConnectionUpdateBody | null {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (!same((connection as Record<string, unknown>)[key], value)) changed[key] = value;
  }
  return Object.keys(changed).length > 0 ? (changed as ConnectionUpdateBody) : null;
}

export function queueSettingsUpdate(connection: Connection, values: QueueSettingsValues): ConnectionUpdateBody | null {
  const queueIds = values.selectQueues ? [...values.queueIds].sort((a, b) => a - b) : [];
  const current = [...connection.queueIds].sort((a, b) => a - b);
  return changedSettings(
    { ...connection, queueIds: current },
    { queueIds, greetingMessage: greetingFor(queueIds.length, values.greetingMessage) },
  );
}

export function transcriptionSettingsUpdate(connection: Connection, values: TranscriptionSettingsValues): ConnectionUpdateBody | null {
  return changedSettings(connection, { ...values, transcribekey: values.transcribekey.trim() });
}

export function generalSettingsUpdate(connection: Connection, values: GeneralSettingsValues): ConnectionUpdateBody | null {
  const parsed = generalSettingsSchema.parse(values);
  return changedSettings(connection, {
    ...parsed,
    expiresTicket: Number(parsed.expiresTicket),
    timeUseBotQueues: Number(parsed.timeUseBotQueues),
    maxUseBotQueues: Number(parsed.maxUseBotQueues),
    timeforagroup: Number(parsed.timeforagroup),
  });
}

/** Media positions accept images and videos only. */
export function isApiMediaFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/') || file.type.startsWith('video/');
}
