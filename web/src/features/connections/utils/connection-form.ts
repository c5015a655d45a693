import {
  type CloudAccount,
  type CloudCredentialsBody,
  CONNECTION_NAME_MAX,
  CONNECTION_NAME_MIN,
  CONNECTION_PROVIDERS,
  type ConnectionCreateBody,
  TRANSCRIBE_PROVIDERS,
} from '@app/contracts';
import { z } from 'zod';

import type { Connection } from '../types';
import { isValidProxyUrl } from './proxy-url';

/** Spec section 5 (name 2 to 50, the greeting rule). Messages are i18n keys; the form translates them. */

const wholeNumberText = z.string().trim().regex(/^\d*$/, 'connections.validation.wholeNumber');

export const connectionFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { message: 'connections.validation.required', abort: true })
      .min(CONNECTION_NAME_MIN, 'connections.validation.tooShort')
      .max(CONNECTION_NAME_MAX, 'connections.validation.tooLong'),
    isDefault: z.boolean(),
    provider: z.enum(CONNECTION_PROVIDERS),
    activeTranscribe: z.boolean(),
    transcribekey: z.string(),
    transcribeprovider: z.enum(TRANSCRIBE_PROVIDERS),
    greetingMessage: z.string(),
    proxyUrl: z.string().trim().refine(isValidProxyUrl, 'connections.validation.invalidProxy'),
    timeToTransfer: wholeNumberText,
    transferQueueId: z.string(),
    expiresTicket: wholeNumberText,
    /** The queue selection toggle: off means no queues. Not sent. */
    selectQueues: z.boolean(),
    queueIds: z.array(z.number().int()),
    /** The Cloud API credentials (provider `cloud`); secrets come back as their hints on an edit. */
    cloudPhoneNumberId: z.string().trim(),
    cloudWabaId: z.string().trim(),
    cloudAccessToken: z.string().trim(),
    cloudAppSecret: z.string().trim(),
    cloudVerifyToken: z.string().trim(),
  })
  .superRefine((values, context) => {
    if (values.provider === 'cloud') {
      for (const field of CLOUD_FORM_FIELDS) {
        if (!values[field].trim()) context.addIssue({ code: 'custom', path: [field], message: 'connections.validation.required' });
      }
      for (const field of ['cloudPhoneNumberId', 'cloudWabaId'] as const) {
        if (values[field].trim() && !/^\d{5,30}$/.test(values[field].trim())) {
          context.addIssue({ code: 'custom', path: [field], message: 'connections.validation.digitsOnly' });
        }
      }
    }
    if (selectedQueueIds(values).length > 1 && !values.greetingMessage.trim()) {
      context.addIssue({ code: 'custom', path: ['greetingMessage'], message: 'connections.validation.greetingRequired' });
    }
  });

export type ConnectionFormValues = z.input<typeof connectionFormSchema>;

/** The form's Cloud API fields, by the name of the credential each one sends. */
export const CLOUD_FORM_FIELDS = ['cloudPhoneNumberId', 'cloudWabaId', 'cloudAccessToken', 'cloudAppSecret', 'cloudVerifyToken'] as const;
const CLOUD_FIELD_OF: Record<keyof CloudCredentialsBody, (typeof CLOUD_FORM_FIELDS)[number]> = {
  phoneNumberId: 'cloudPhoneNumberId',
  wabaId: 'cloudWabaId',
  accessToken: 'cloudAccessToken',
  appSecret: 'cloudAppSecret',
  verifyToken: 'cloudVerifyToken',
};

/** The form field a server refusal's path names (`cloud.accessToken` is the access token's input). */
export function formFieldOf(path: string): string {
  const cloud = /^cloud\.(\w+)$/.exec(path)?.[1] as keyof CloudCredentialsBody | undefined;
  if (cloud && cloud in CLOUD_FIELD_OF) return CLOUD_FIELD_OF[cloud];
  return path === 'queueIds' ? 'selectQueues' : path;
}

/** What `POST /api/whatsapp` receives from this form; an edit sends a part of it. */
export type ConnectionPayload = Required<
  Pick<
    ConnectionCreateBody,
    | 'name'
    | 'isDefault'
    | 'provider'
    | 'activeTranscribe'
    | 'transcribekey'
    | 'transcribeprovider'
    | 'greetingMessage'
    | 'proxyUrl'
    | 'timeToTransfer'
    | 'transferQueueId'
    | 'expiresTicket'
    | 'queueIds'
  >
> &
  Pick<ConnectionCreateBody, 'cloud'>;

function selectedQueueIds(values: Pick<ConnectionFormValues, 'selectQueues' | 'queueIds'>): number[] {
  return values.selectQueues ? values.queueIds : [];
}

/** Greeting rule of spec section 5: required with more than one queue, cleared with one or none. */
export function greetingFor(queueCount: number, greeting: string): string {
  return queueCount > 1 ? greeting.trim() : '';
}

export const EMPTY_CONNECTION_FORM: ConnectionFormValues = {
  name: '',
  isDefault: false,
  provider: 'beta',
  activeTranscribe: false,
  transcribekey: '',
  transcribeprovider: 'openai',
  greetingMessage: '',
  proxyUrl: '',
  timeToTransfer: '',
  transferQueueId: '',
  expiresTicket: '0',
  selectQueues: false,
  queueIds: [],
  cloudPhoneNumberId: '',
  cloudWabaId: '',
  cloudAccessToken: '',
  cloudAppSecret: '',
  cloudVerifyToken: '',
};

/** The form's values for a connection; a Cloud API one's credentials come from its card (secrets as hints). */
export function connectionToFormValues(connection: Connection, cloud?: CloudAccount | null): ConnectionFormValues {
  const queueIds = connection.queueIds;
  return {
    name: connection.name,
    isDefault: connection.isDefault,
    provider: connection.provider,
    activeTranscribe: connection.activeTranscribe,
    transcribekey: connection.transcribekey,
    transcribeprovider: connection.transcribeprovider,
    greetingMessage: connection.greetingMessage,
    proxyUrl: connection.proxyUrl,
    timeToTransfer: connection.timeToTransfer == null ? '' : String(connection.timeToTransfer),
    transferQueueId: connection.transferQueueId == null ? '' : String(connection.transferQueueId),
    expiresTicket: String(connection.expiresTicket ?? 0),
    selectQueues: queueIds.length > 0,
    queueIds,
    cloudPhoneNumberId: cloud?.phoneNumberId ?? '',
    cloudWabaId: cloud?.wabaId ?? '',
    cloudAccessToken: cloud?.accessToken ?? '',
    cloudAppSecret: cloud?.appSecret ?? '',
    cloudVerifyToken: cloud?.verifyToken ?? '',
  };
}

function cloudCredentials(values: ConnectionFormValues): CloudCredentialsBody {
  return {
    phoneNumberId: values.cloudPhoneNumberId.trim(),
    wabaId: values.cloudWabaId.trim(),
    accessToken: values.cloudAccessToken.trim(),
    appSecret: values.cloudAppSecret.trim(),
    verifyToken: values.cloudVerifyToken.trim(),
  };
}

function optionalNumber(text: string): number | null {
  const trimmed = text.trim();
  return trimmed ? Number(trimmed) : null;
}

export function toConnectionPayload(values: ConnectionFormValues): ConnectionPayload {
  const queueIds = [...selectedQueueIds(values)].sort((a, b) => a - b);
  return {
    name: values.name.trim(),
    isDefault: values.isDefault,
    provider: values.provider,
    activeTranscribe: values.activeTranscribe,
    transcribekey: values.transcribekey.trim(),
    transcribeprovider: values.transcribeprovider,
    greetingMessage: greetingFor(queueIds.length, values.greetingMessage),
    proxyUrl: values.proxyUrl.trim(),
    timeToTransfer: optionalNumber(values.timeToTransfer),
    transferQueueId: optionalNumber(values.transferQueueId),
    expiresTicket: optionalNumber(values.expiresTicket) ?? 0,
    queueIds,
    ...(values.provider === 'cloud' ? { cloud: cloudCredentials(values) } : {}),
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  // The Cloud API credentials go as one object: all of them when any changed (hints keep the stored secrets).
  if (a && b && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** The fields of `next` that differ from `initial`. */
export function changedConnectionFields(initial: ConnectionPayload, next: ConnectionPayload): Partial<ConnectionPayload> {
  const changed: Partial<ConnectionPayload> = {};
  for (const key of Object.keys(next) as (keyof ConnectionPayload)[]) {
    if (!sameValue(initial[key], next[key])) Object.assign(changed, { [key]: next[key] });
  }
  return changed;
}

/**
 * The body of an edit (spec sections 5 and 7): null when nothing changed; otherwise the changed
 * fields plus queueIds and transferQueueId, which `PUT /whatsapp/{id}` always carries.
 */
export function buildConnectionUpdate(initial: ConnectionFormValues, current: ConnectionFormValues): Partial<ConnectionPayload> | null {
  const before = toConnectionPayload(initial);
  const after = toConnectionPayload(current);
  const changed = changedConnectionFields(before, after);
  if (Object.keys(changed).length === 0) return null;
  return { ...changed, queueIds: after.queueIds, transferQueueId: after.transferQueueId };
}
