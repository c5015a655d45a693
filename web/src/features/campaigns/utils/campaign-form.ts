import {
  type Campaign,
  CAMPAIGN_CONFIRMATION_FIELDS,
  CAMPAIGN_MESSAGE_FIELDS,
  CAMPAIGN_MESSAGE_MAX,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_NAME_MIN,
  CAMPAIGN_WHATSAPP_FIELDS,
  type CampaignBody,
} from '@app/contracts';
import { z } from 'zod';

import { DEFAULT_COMPANY_TIME_ZONE, toZonedInput } from '@/lib/company-time';

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value (`YYYY-MM-DDTHH:mm`, a wall time of the company's zone) as the API takes
 * scheduledAt (spec 2 section 5): `YYYY-MM-DD HH:mm:ss`, which the server reads in the company's
 * zone; '' (no schedule) stays ''.
 */
export function toScheduledAtBody(localValue: string): string {
  const match = LOCAL_INPUT.exec(localValue.trim());
  if (!match) return localValue.trim();
  return `${match[1]} ${match[2]}:${match[3] ?? '00'}`;
}

/** Spec 2 sections 5 and 9: up to five messages, five confirmation messages and five connections. */
export const CAMPAIGN_MESSAGES = CAMPAIGN_MESSAGE_FIELDS.length;
export const CAMPAIGN_CONNECTIONS_MAX = CAMPAIGN_WHATSAPP_FIELDS.length;

const message = z.string().max(CAMPAIGN_MESSAGE_MAX, 'validation.tooLong');
const hour = (min: number, max: number, error: string) => z.number({ error }).int(error).min(min, error).max(max, error);
const filled = (texts: readonly string[]) => texts.some((text) => text.trim() !== '');

/**
 * The campaign dialog (spec 2): name required, 2 to 50 ('Required', 'Too Short!', 'Too Long!');
 * startHour 0 to 23 and endHour 1 to 24, the end after the start. A scheduled campaign must be
 * sendable, as the server checks: a message, a connection, a contact list or a tag (not both), and a
 * confirmation message when confirmation is on. Messages are i18n keys.
 */
export const campaignFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { message: 'campaigns.validation.required', abort: true })
      .min(CAMPAIGN_NAME_MIN, 'campaigns.validation.tooShort')
      .max(CAMPAIGN_NAME_MAX, 'campaigns.validation.tooLong'),
    messages: z.array(message).length(CAMPAIGN_MESSAGES),
    confirmationMessages: z.array(message).length(CAMPAIGN_MESSAGES),
    whatsappIds: z.array(z.number().int()).max(CAMPAIGN_CONNECTIONS_MAX, 'campaigns.validation.connectionsMax'),
    contactListId: z.string(),
    tagListId: z.string(),
    fileListId: z.string(),
    /** A datetime-local value in the company's zone, '' for none. */
    scheduledAt: z.string().refine((value) => value === '' || !Number.isNaN(Date.parse(value)), 'campaigns.validation.invalidDate'),
    startHour: hour(0, 23, 'campaigns.validation.startHour'),
    endHour: hour(1, 24, 'campaigns.validation.endHour'),
    allowSaturday: z.boolean(),
    allowSunday: z.boolean(),
    confirmation: z.boolean(),
    /** The Cloud API template its Cloud connections send (issue 27); null: none. */
    template: z
      .object({ name: z.string(), language: z.string(), headerParameters: z.array(z.string()), bodyParameters: z.array(z.string()) })
      .nullable(),
  })
  .superRefine((values, context) => {
    if (values.template && [...values.template.headerParameters, ...values.template.bodyParameters].some((text) => text.trim() === '')) {
      context.addIssue({ code: 'custom', path: ['template'], message: 'campaigns.validation.templateVariables' });
    }
    if (values.endHour <= values.startHour)
      context.addIssue({ code: 'custom', path: ['endHour'], message: 'campaigns.validation.endAfterStart' });
    if (values.contactListId !== '' && values.tagListId !== '') {
      context.addIssue({ code: 'custom', path: ['tagListId'], message: 'campaigns.validation.listOrTag' });
    }
    if (values.scheduledAt === '') return;
    if (!filled(values.messages) && !values.template)
      context.addIssue({ code: 'custom', path: ['messages'], message: 'campaigns.validation.messageRequired' });
    if (values.confirmation && !filled(values.confirmationMessages)) {
      context.addIssue({ code: 'custom', path: ['confirmationMessages'], message: 'campaigns.validation.confirmationRequired' });
    }
    if (values.whatsappIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['whatsappIds'], message: 'campaigns.validation.connectionRequired' });
    }
    if (values.contactListId === '' && values.tagListId === '') {
      context.addIssue({ code: 'custom', path: ['contactListId'], message: 'campaigns.validation.recipientsRequired' });
    }
  });
export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

const idText = (id: number | null | undefined) => (id == null ? '' : String(id));

/** The dialog's values for a campaign (or a new one: every weekday allowed, hours 0 to 24... as the server defaults). */
export function campaignFormDefaults(campaign: Campaign | null, timeZone: string = DEFAULT_COMPANY_TIME_ZONE): CampaignFormValues {
  return {
    name: campaign?.name ?? '',
    messages: CAMPAIGN_MESSAGE_FIELDS.map((field) => campaign?.[field] ?? ''),
    confirmationMessages: CAMPAIGN_CONFIRMATION_FIELDS.map((field) => campaign?.[field] ?? ''),
    whatsappIds: CAMPAIGN_WHATSAPP_FIELDS.map((field) => campaign?.[field] ?? null).filter((id): id is number => id !== null),
    contactListId: idText(campaign?.contactListId),
    tagListId: idText(campaign?.tagListId),
    fileListId: idText(campaign?.fileListId),
    scheduledAt: toZonedInput(campaign?.scheduledAt, timeZone),
    startHour: campaign?.startHour ?? 0,
    endHour: campaign?.endHour ?? 24,
    allowSaturday: campaign?.allowSaturday ?? true,
    allowSunday: campaign?.allowSunday ?? true,
    confirmation: campaign?.confirmation ?? false,
    template: campaign?.template ?? null,
  };
}

/** '' (a blank field, 'Nenhuma') is sent as null (spec 2 section 5). */
const orNull = (text: string): string | null => (text.trim() === '' ? null : text);
const idOrNull = (text: string): number | null => (text === '' ? null : Number(text));

/**
 * The body of POST and PUT /campaigns: messageN, confirmationMessageN and whatsappId..whatsappId5 by
 * position, empty strings as null, scheduledAt as `YYYY-MM-DD HH:mm:ss` in the company's zone.
 */
export function toCampaignBody(values: CampaignFormValues): CampaignBody {
  const body: Record<string, unknown> = {
    name: values.name,
    contactListId: idOrNull(values.contactListId),
    tagListId: idOrNull(values.tagListId),
    fileListId: idOrNull(values.fileListId),
    scheduledAt: orNull(toScheduledAtBody(values.scheduledAt)),
    startHour: values.startHour,
    endHour: values.endHour,
    allowSaturday: values.allowSaturday,
    allowSunday: values.allowSunday,
    confirmation: values.confirmation,
    template: values.template && {
      name: values.template.name,
      language: values.template.language,
      headerParameters: values.template.headerParameters.map((text) => text.trim()),
      bodyParameters: values.template.bodyParameters.map((text) => text.trim()),
    },
  };
  CAMPAIGN_MESSAGE_FIELDS.forEach((field, index) => (body[field] = orNull(values.messages[index] ?? '')));
  CAMPAIGN_CONFIRMATION_FIELDS.forEach((field, index) => (body[field] = orNull(values.confirmationMessages[index] ?? '')));
  CAMPAIGN_WHATSAPP_FIELDS.forEach((field, index) => (body[field] = values.whatsappIds[index] ?? null));
  return body as CampaignBody;
}
