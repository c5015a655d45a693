import { z } from 'zod';

import { idSchema } from '../primitives';

// ---------------------------------------------------------------------------------------------
// Queue integrations (spec 3 "Queue integration", the Integrações tab, the integration modal,
// sections 4, 5, 7 and 9): a company's chatbot connector (typebot, n8n, webhook, flowise, dify,
// openaiassist, dialogflow) that answers the customers of the queues bound to it; owned by the ai service
// ---------------------------------------------------------------------------------------------

export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'flowise', 'dify', 'openaiassist', 'typebot'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];
export const QUEUE_INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

/** The spec's texts (sections 5 and 8) and, where it shows none, short Portuguese ones in its style. */
export const QUEUE_INTEGRATION_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  nameTooShort: 'Nome muito curto',
  nameTooLong: 'Nome muito longo',
  typeInvalid: 'Tipo inválido',
  typebotSlugRequired: 'Informe o slug do Typebot',
  urlRequired: 'Informe a URL',
  urlInvalid: 'URL inválida',
  apiKeyRequired: 'Informe a chave de API',
  assistantIdRequired: 'Informe o ID do assistente',
  projectNameRequired: 'Informe o nome do projeto',
  jsonContentRequired: 'Informe o JSON da conta de serviço',
  jsonContentInvalid: 'JSON da conta de serviço inválido',
  languageRequired: 'Selecione o idioma',
  invalidValue: 'Valor inválido',
  tooLong: 'Muito longo!',
  updated: 'Integração/Agente atualizado com sucesso!',
  deleted: 'Integração excluída com sucesso!',
  sessionOk: 'Sessão testada com sucesso!',
  sessionFailed: (error: string) => `Erro ao testar a sessão: ${error}`,
} as const;

/** Spec 3 section 9: typebot delay message 1000 ms, expires 1 minute; a new integration is a typebot. */
export const QUEUE_INTEGRATION_DEFAULTS = {
  type: 'typebot',
  typebotDelayMessage: 1000,
  typebotExpires: 1,
  language: 'pt-BR',
} as const;

export const QUEUE_INTEGRATION_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  urlMax: 2_000,
  keyMax: 500,
  jsonContentMax: 20_000,
  textMax: 2_000,
  delayMaxMs: 60_000,
  expiresMaxMinutes: 7 * 24 * 60,
} as const;

/** Types whose projectName is set equal to their name (spec 3 "Queue integration"). */
export const PROJECT_NAME_IS_NAME: readonly QueueIntegrationType[] = ['n8n', 'webhook', 'typebot', 'dify', 'flowise', 'openaiassist'];

/**
 * An integration as the API shows it: `openaikey`, `apidify` and `signingSecret` are never whole (the
 * mask and their last 4 characters); `jsonContent` shows the service account with its private key
 * masked the same way.
 */
export const queueIntegrationSchema = z.object({
  id: idSchema,
  type: z.enum(QUEUE_INTEGRATION_TYPES),
  name: z.string(),
  projectName: z.string(),
  jsonContent: z.string(),
  language: z.string(),
  urlN8N: z.string(),
  urlflowise: z.string(),
  urldify: z.string(),
  apidify: z.string(),
  openaiid: z.string(),
  openaikey: z.string(),
  transcribes: z.boolean(),
  typebotSlug: z.string(),
  typebotExpires: z.number().int(),
  typebotDelayMessage: z.number().int(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotUnknownMessage: z.string(),
  typebotRestartMessage: z.string(),
  signingSecret: z.string(),
  companyId: idSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueIntegration = z.infer<typeof queueIntegrationSchema>;

/** GET /queueIntegration?searchParam=&pageNumber= → 20 a page. */
export const QUEUE_INTEGRATION_PAGE_SIZE = 20;
export const queueIntegrationPageSchema = z.object({
  queueIntegrations: z.array(queueIntegrationSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type QueueIntegrationPage = z.infer<typeof queueIntegrationPageSchema>;
export const queueIntegrationSearchSchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

const M = QUEUE_INTEGRATION_MESSAGES;
const L = QUEUE_INTEGRATION_LIMITS;

const text = (max: number = L.textMax) => z.string({ error: M.invalidValue }).trim().max(max, M.tooLong);
const blankable = (max: number = L.textMax) => z.preprocess((value) => (value === null ? '' : value), text(max));
const url = z.preprocess(
  (value) => (value === null ? '' : value),
  z
    .string({ error: M.invalidValue })
    .trim()
    .max(L.urlMax, M.tooLong)
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), M.urlInvalid),
);
const integer = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
    z.number({ error: M.invalidValue }).int(M.invalidValue).min(min, M.invalidValue).max(max, M.invalidValue),
  );

const fields = {
  type: z.enum(QUEUE_INTEGRATION_TYPES, { error: M.typeInvalid }),
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { error: M.nameRequired, abort: true })
    .min(L.nameMin, M.nameTooShort)
    .max(L.nameMax, M.nameTooLong),
  projectName: blankable(200),
  jsonContent: blankable(L.jsonContentMax),
  language: blankable(10),
  urlN8N: url,
  urlflowise: url,
  urldify: url,
  apidify: blankable(L.keyMax),
  openaiid: blankable(200),
  openaikey: blankable(L.keyMax),
  transcribes: z.boolean({ error: M.invalidValue }),
  typebotSlug: blankable(200),
  typebotExpires: integer(0, L.expiresMaxMinutes),
  typebotDelayMessage: integer(0, L.delayMaxMs),
  typebotKeywordFinish: blankable(200),
  typebotKeywordRestart: blankable(200),
  typebotUnknownMessage: blankable(),
  typebotRestartMessage: blankable(),
  signingSecret: blankable(L.keyMax),
};

/** Every field of an integration as a save sees it (after merging an update with what is stored). */
export type QueueIntegrationFields = {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  urlflowise: string;
  urldify: string;
  apidify: string;
  openaiid: string;
  openaikey: string;
  transcribes: boolean;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
  signingSecret: string;
};

/** A dialogflow service account's JSON: parsed, with a project and a private key. */
export function parseServiceAccount(jsonContent: string): { project_id?: string; client_email?: string; private_key?: string } | null {
  try {
    const parsed: unknown = JSON.parse(jsonContent);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/**
 * What each type needs (spec 3 section 5: "most types require a name plus a URL or keys; typebot
 * requires slug"): typebot its server URL (urlN8N, as the Whaticket family keeps it) and slug; n8n and
 * webhook the URL; flowise its URL; dify its URL and key; openaiassist the assistant id and key;
 * dialogflow the project, the service account's JSON and the language. Issues by field path.
 */
export function queueIntegrationProblems(fields: QueueIntegrationFields): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const need = (path: keyof QueueIntegrationFields, message: string) => {
    if (!String(fields[path]).trim()) problems.push({ path, message });
  };
  switch (fields.type) {
    case 'typebot':
      need('urlN8N', M.urlRequired);
      need('typebotSlug', M.typebotSlugRequired);
      break;
    case 'n8n':
    case 'webhook':
      need('urlN8N', M.urlRequired);
      break;
    case 'flowise':
      need('urlflowise', M.urlRequired);
      break;
    case 'dify':
      need('urldify', M.urlRequired);
      need('apidify', M.apiKeyRequired);
      break;
    case 'openaiassist':
      need('openaiid', M.assistantIdRequired);
      need('openaikey', M.apiKeyRequired);
      break;
    case 'dialogflow':
      need('projectName', M.projectNameRequired);
      need('jsonContent', M.jsonContentRequired);
      need('language', M.languageRequired);
      if (fields.jsonContent.trim() && !parseServiceAccount(fields.jsonContent)) {
        problems.push({ path: 'jsonContent', message: M.jsonContentInvalid });
      }
      break;
  }
  return problems;
}

const refineByType = <T extends QueueIntegrationFields>(value: T, ctx: z.RefinementCtx) => {
  for (const problem of queueIntegrationProblems(value)) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
};

/** POST /queueIntegration: type (default typebot) and name required, the rest per type; the spec's defaults. */
export const queueIntegrationCreateBodySchema = z
  .object({
    type: fields.type.default(QUEUE_INTEGRATION_DEFAULTS.type),
    name: fields.name,
    projectName: fields.projectName.default(''),
    jsonContent: fields.jsonContent.default(''),
    language: fields.language.default(QUEUE_INTEGRATION_DEFAULTS.language),
    urlN8N: fields.urlN8N.default(''),
    urlflowise: fields.urlflowise.default(''),
    urldify: fields.urldify.default(''),
    apidify: fields.apidify.default(''),
    openaiid: fields.openaiid.default(''),
    openaikey: fields.openaikey.default(''),
    transcribes: fields.transcribes.default(false),
    typebotSlug: fields.typebotSlug.default(''),
    typebotExpires: fields.typebotExpires.default(QUEUE_INTEGRATION_DEFAULTS.typebotExpires),
    typebotDelayMessage: fields.typebotDelayMessage.default(QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage),
    typebotKeywordFinish: fields.typebotKeywordFinish.default(''),
    typebotKeywordRestart: fields.typebotKeywordRestart.default(''),
    typebotUnknownMessage: fields.typebotUnknownMessage.default(''),
    typebotRestartMessage: fields.typebotRestartMessage.default(''),
    signingSecret: fields.signingSecret.default(''),
  })
  .superRefine(refineByType);
export type QueueIntegrationCreateBody = z.input<typeof queueIntegrationCreateBodySchema>;

/**
 * PUT /queueIntegration/{id}: any of the fields; those left out keep their value. A secret sent back
 * as the API showed it (the mask and last 4) keeps the stored one. The merged whole is checked per type
 * by the service.
 */
export const queueIntegrationUpdateBodySchema = z.object({
  type: fields.type.optional(),
  name: fields.name.optional(),
  projectName: fields.projectName.optional(),
  jsonContent: fields.jsonContent.optional(),
  language: fields.language.optional(),
  urlN8N: fields.urlN8N.optional(),
  urlflowise: fields.urlflowise.optional(),
  urldify: fields.urldify.optional(),
  apidify: fields.apidify.optional(),
  openaiid: fields.openaiid.optional(),
  openaikey: fields.openaikey.optional(),
  transcribes: fields.transcribes.optional(),
  typebotSlug: fields.typebotSlug.optional(),
  typebotExpires: fields.typebotExpires.optional(),
  typebotDelayMessage: fields.typebotDelayMessage.optional(),
  typebotKeywordFinish: fields.typebotKeywordFinish.optional(),
  typebotKeywordRestart: fields.typebotKeywordRestart.optional(),
  typebotUnknownMessage: fields.typebotUnknownMessage.optional(),
  typebotRestartMessage: fields.typebotRestartMessage.optional(),
  signingSecret: fields.signingSecret.optional(),
});
export type QueueIntegrationUpdateBody = z.input<typeof queueIntegrationUpdateBodySchema>;

/**
 * POST /queueIntegration/testSession: the spec's projectName, jsonContent and language (a dialogflow
 * session), or any type's fields (`type`, default dialogflow; `id` to use a saved integration's secrets
 * sent back masked) → whether the product answered a test message.
 */
export const queueIntegrationTestSessionBodySchema = z.object({
  id: idSchema.optional(),
  type: fields.type.default('dialogflow'),
  name: z.string().trim().max(L.nameMax).default('teste'),
  projectName: fields.projectName.default(''),
  jsonContent: fields.jsonContent.default(''),
  language: fields.language.default(QUEUE_INTEGRATION_DEFAULTS.language),
  urlN8N: fields.urlN8N.default(''),
  urlflowise: fields.urlflowise.default(''),
  urldify: fields.urldify.default(''),
  apidify: fields.apidify.default(''),
  openaiid: fields.openaiid.default(''),
  openaikey: fields.openaikey.default(''),
  typebotSlug: fields.typebotSlug.default(''),
  signingSecret: fields.signingSecret.default(''),
});
export type QueueIntegrationTestSessionBody = z.input<typeof queueIntegrationTestSessionBodySchema>;
export const queueIntegrationTestSessionResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  message: z.string(),
});
export type QueueIntegrationTestSessionResponse = z.infer<typeof queueIntegrationTestSessionResponseSchema>;

/** `company-{id}-queueIntegration`: create and update carry the integration (secrets masked); delete its id. */
export type QueueIntegrationSocketPayload =
  { action: 'create' | 'update'; queueIntegration: QueueIntegration } | { action: 'delete'; integrationId: number };
