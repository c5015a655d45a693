import { z } from 'zod';

import { errorBodySchema } from '../../errors';
import { idParamSchema } from '../primitives';
import {
  idempotencyKeySchema,
  PARTNER_MEDIA_MAX_BYTES,
  partnerMessageSchema,
  partnerSendMultipartSchema,
  partnerSendResponseSchema,
  partnerSendSchema,
  partnerTagListSchema,
} from './partner-api';
import {
  partnerAgendaServicesSchema,
  partnerAppointmentBodySchema,
  partnerAppointmentSchema,
  partnerContactBodySchema,
  partnerContactResponseSchema,
  partnerScheduleBodySchema,
  partnerScheduleListSchema,
  partnerScheduleQuerySchema,
  partnerScheduleSchema,
  partnerSettingsSchema,
  partnerSlotsQuerySchema,
  partnerSlotsSchema,
} from './partner-booking';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_SCHEMAS } from './webhooks';

/**
 * The public API's routes as the OpenAPI document describes them, with the very zod schemas the
 * server validates with (decision 0051): the document is generated from this table, and a test
 * fails when the server has a token-guarded route the table lacks.
 */
export interface PublicRoute {
  method: 'get' | 'post';
  /** OpenAPI form, relative to the server's /api: /messages/status/{id}. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  params?: Record<string, z.ZodType>;
  /** The query string's fields (each optional unless its schema requires it). */
  query?: z.ZodObject;
  headers?: Record<string, { schema: z.ZodType; description: string }>;
  json?: z.ZodType;
  multipart?: z.ZodType;
  ok: { status: 200 | 201; description: string; schema: z.ZodType };
  errors: number[];
}

export const PARTNER_API_ROUTES: PublicRoute[] = [
  {
    method: 'post',
    path: '/messages/send',
    operationId: 'sendMessage',
    tag: 'Mensagens',
    summary: 'Send a text or media message to a number',
    description:
      'Sends through the connection the token is tied to, or the company default. JSON `{ number, body }` for a text, ' +
      `multipart \`number\`, \`body\` (caption) and \`medias\` (files of up to ${PARTNER_MEDIA_MAX_BYTES / 1_048_576} MB) for media. ` +
      'With an `Idempotency-Key`, a repeat within 24 hours answers the first result (header `Idempotent-Replayed: true`) and sends nothing.',
    headers: {
      'Idempotency-Key': { schema: idempotencyKeySchema, description: 'Any unique text per intended send (a UUID).' },
    },
    json: partnerSendSchema,
    multipart: partnerSendMultipartSchema,
    ok: { status: 200, description: 'Accepted: stored and queued for WhatsApp.', schema: partnerSendResponseSchema },
    errors: [400, 401, 403, 404, 413, 429],
  },
  {
    method: 'get',
    path: '/messages/status/{id}',
    operationId: 'getMessageStatus',
    tag: 'Mensagens',
    summary: "A sent message's status (pending, sent, delivered, read or failed)",
    params: { id: idParamSchema },
    ok: { status: 200, description: 'The message.', schema: partnerMessageSchema },
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: 'post',
    path: '/messages/contacts',
    operationId: 'saveContact',
    tag: 'Mensagens',
    summary: "Create a number's contact, or update the company's contact with that number",
    description: "The answer's `contact.id` is usable at once by the next request (`contactId` of a schedule or an appointment).",
    json: partnerContactBodySchema,
    ok: { status: 200, description: 'The contact, and whether this request created it.', schema: partnerContactResponseSchema },
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/messages/schedules',
    operationId: 'scheduleMessage',
    tag: 'Agendamentos',
    summary: 'Schedule a text to a number or contact at a time',
    description:
      'Sent at `sendAt` through the connection the token is tied to, or the company default then; shown in /schedules. ' +
      "Needs the plan's schedules. With an `Idempotency-Key`, a repeat within 24 hours answers the first result " +
      '(header `Idempotent-Replayed: true`) and schedules nothing more.',
    headers: {
      'Idempotency-Key': { schema: idempotencyKeySchema, description: 'Any unique text per intended schedule (a UUID).' },
    },
    json: partnerScheduleBodySchema,
    ok: { status: 201, description: 'Scheduled.', schema: partnerScheduleSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'get',
    path: '/messages/schedules',
    operationId: 'listSchedules',
    tag: 'Agendamentos',
    summary: "The company's scheduled messages and appointments, newest first, 40 a page",
    query: partnerScheduleQuerySchema,
    ok: { status: 200, description: 'A page of schedules.', schema: partnerScheduleListSchema },
    errors: [400, 401, 403, 429],
  },
  {
    method: 'get',
    path: '/messages/settings',
    operationId: 'getSettings',
    tag: 'Configurações',
    summary: "This token's settings: its connection, what the plan allows and the limits",
    ok: { status: 200, description: 'The settings.', schema: partnerSettingsSchema },
    errors: [401, 403, 429],
  },
  {
    method: 'get',
    path: '/messages/agenda/services',
    operationId: 'listAgendaServices',
    tag: 'Agenda Externa',
    summary: "The company's bookable services, with the time zone of the agenda",
    ok: { status: 200, description: 'The services.', schema: partnerAgendaServicesSchema },
    errors: [401, 403, 429],
  },
  {
    method: 'get',
    path: '/messages/agenda/slots',
    operationId: 'listAgendaSlots',
    tag: 'Agenda Externa',
    summary: 'Free times of the default calendar for a service or a duration',
    description:
      'Every rule a booking obeys holds (work days and hours, slots, blocks, other appointments); times are wall times in `timeZone`.',
    query: partnerSlotsQuerySchema,
    ok: { status: 200, description: 'The free times.', schema: partnerSlotsSchema },
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: 'post',
    path: '/messages/agenda/appointments',
    operationId: 'bookAppointment',
    tag: 'Agenda Externa',
    summary: 'Book a free time for a number or contact',
    description:
      "With the service's duration and the 1-day and 1-hour reminders; refused as a user's booking is (409 ERR_SCHEDULE_CONFLICT with the reason). " +
      'With an `Idempotency-Key`, a repeat within 24 hours answers the first result and books nothing more.',
    headers: {
      'Idempotency-Key': { schema: idempotencyKeySchema, description: 'Any unique text per intended booking (a UUID).' },
    },
    json: partnerAppointmentBodySchema,
    ok: { status: 201, description: 'Booked.', schema: partnerAppointmentSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'get',
    path: '/messages/tags',
    operationId: 'listTags',
    tag: 'Tags',
    summary: "The company's tags, by name",
    ok: { status: 200, description: 'The tags.', schema: partnerTagListSchema },
    errors: [401, 403, 429],
  },
];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (ERR_VALIDATION, with the fields).',
  401: 'Missing, unknown or revoked token (ERR_INVALID_API_TOKEN).',
  403: "The company's plan does not include the API or, for schedules and the agenda, schedules (ERR_PLAN_FEATURE_DISABLED); or the company is inactive (ERR_NO_PERMISSION).",
  404: 'Not found, or no connection to send with (ERR_NOT_FOUND, ERR_NO_CONTACT_FOUND, ERR_NO_DEF_WAPP_FOUND, ERR_NO_WAPP_FOUND).',
  409: 'The time is not free (ERR_SCHEDULE_CONFLICT, with the reason), or the Idempotency-Key is taken by a request still running or whose outcome is unknown (ERR_IDEMPOTENCY_IN_PROGRESS).',
  413: 'A file over the size limit.',
  429: 'Over the token rate (ERR_RATE_LIMITED); see Retry-After.',
};

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

/** Signature headers every webhook request carries (Standard Webhooks). */
const WEBHOOK_HEADERS = [
  { name: 'webhook-id', description: 'The message id (msg_...): the same on every retry and on a resend; deduplicate with it.' },
  { name: 'webhook-timestamp', description: 'Seconds since the epoch when this attempt was signed.' },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the endpoint secret (the base64 after `whsec_`); ' +
      'two of them while a rotated-out secret is still valid.',
  },
];

/** OpenAPI 3.1 `webhooks`: what a registered endpoint receives, one operation per event, from the same zod schemas. */
function webhookOperations(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          tags: ['Webhooks'],
          summary: WEBHOOK_EVENT_DESCRIPTIONS[type],
          parameters: WEBHOOK_HEADERS.map((header) => ({ ...header, in: 'header', required: true, schema: { type: 'string' } })),
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(WEBHOOK_PAYLOAD_SCHEMAS[type], 'output') } } },
          responses: {
            '2XX': { description: 'Received. Any other answer (or none within 10 s) is retried with backoff for about a day.' },
          },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of the public API, served at /api/openapi.json. */
export function partnerOpenApiDocument(serverUrl = '/api'): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of PARTNER_API_ROUTES) {
    const parameters = [
      ...Object.entries(route.params ?? {}).map(([name, schema]) => ({
        name,
        in: 'path',
        required: true,
        schema: jsonSchema(schema, 'output'),
      })),
      ...Object.entries(route.query?.shape ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: !(schema as z.ZodType).safeParse(undefined).success,
        schema: jsonSchema(schema as z.ZodType, 'input'),
      })),
      ...Object.entries(route.headers ?? {}).map(([name, header]) => ({
        name,
        in: 'header',
        required: false,
        description: header.description,
        schema: jsonSchema(header.schema, 'input'),
      })),
    ];
    const content: Record<string, unknown> = {};
    if (route.json) content['application/json'] = { schema: jsonSchema(route.json, 'input') };
    if (route.multipart) content['multipart/form-data'] = { schema: jsonSchema(route.multipart, 'input') };
    const responses: Record<string, unknown> = {
      [route.ok.status]: {
        description: route.ok.description,
        content: { 'application/json': { schema: jsonSchema(route.ok.schema, 'output') } },
      },
    };
    for (const status of route.errors) {
      responses[status] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } } } : {}),
      };
    }
    paths[route.path] = {
      ...paths[route.path],
      [route.method]: {
        operationId: route.operationId,
        tags: [route.tag],
        summary: route.summary,
        ...(route.description ? { description: route.description } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    webhooks: webhookOperations(),
    info: {
      title: 'zapdesk messages API',
      version: '1.0.0',
      description: 'Send WhatsApp messages from your systems with an API token created in /messages-api (plan with external API).',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Mensagens', description: 'Send messages, read their status, and save contacts.' },
      { name: 'Agendamentos', description: 'Schedule messages and list them (plan with schedules).' },
      { name: 'Configurações', description: "The token's connection, features and limits." },
      { name: 'Tags', description: "The company's tags." },
      { name: 'Agenda Externa', description: "The company's services, free times and appointments (plan with schedules)." },
      {
        name: 'Webhooks',
        description: 'Events sent to the endpoints a company admin registers in /messages-api, signed the Standard Webhooks way.',
      },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'zdk_…', description: 'An API token: Authorization: Bearer zdk_...' },
      },
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
    },
  };
}
