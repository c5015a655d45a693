import { z } from 'zod';

import { idSchema } from '../primitives';
import { SECRET_MASK } from '../whatsapp';

// ---------------------------------------------------------------------------------------------
// AI agents and agent templates (spec 3 "Agent", "Agent template", sections 4, 5, 7 and 9): a
// company's assistant answering its customers through OpenAI or OpenRouter; owned by the ai service
// ---------------------------------------------------------------------------------------------

/** The spec's texts (sections 5 and 8) and, where it shows none, short Portuguese ones in its style. */
export const AGENT_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  nameTooShort: 'Nome muito curto',
  nameTooLong: 'Nome muito longo',
  agentNameRequired: 'Nome do agente é obrigatório',
  companyNameRequired: 'Nome da empresa é obrigatório',
  descriptionTooLong: 'Descrição muito longa',
  providerRequired: 'Selecione um provedor',
  apiKeyRequired: 'Chave de API é obrigatória',
  apiKeyTooShort: 'Chave de API deve ter pelo menos 10 caracteres',
  modelRequired: 'Modelo é obrigatório',
  systemPromptRequired: 'Prompt do sistema é obrigatório',
  invalidValue: 'Valor inválido',
  tooLong: 'Muito longo!',
  tagRuleTag: 'Informe a tag',
  tagRuleCondition: 'Informe a condição',
  fieldRequired: (field: string) => `${field} é obrigatório`,
  connectionOk: 'Conexão testada com sucesso!',
  connectionFailed: (error: string) => `Erro na conexão: ${error}`,
  connectionTestFailed: 'Erro ao testar conexão',
  previewFailed: 'Erro ao gerar preview do prompt',
  deleted: 'Agente excluído com sucesso!',
} as const;

export const AGENT_TEMPLATE_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  nameTooShort: 'Nome muito curto',
  nameTooLong: 'Nome muito longo',
  categoryInvalid: 'Categoria inválida',
  descriptionRequired: 'Descrição é obrigatória',
  descriptionTooLong: 'Descrição muito longa',
  basePromptRequired: 'Prompt base é obrigatório',
  basePromptTooShort: 'Prompt muito curto',
  requiredFieldsMin: 'Pelo menos um campo é obrigatório',
  created: 'Template criado com sucesso!',
  updated: 'Template atualizado com sucesso!',
  deleted: 'Template excluído com sucesso!',
  accessDenied: 'Acesso negado. Esta página é apenas para super usuários.',
} as const;

export const AGENT_MODES = ['template', 'advanced'] as const;
export type AgentMode = (typeof AGENT_MODES)[number];
export const AGENT_PROVIDERS = ['openai', 'openrouter'] as const;
export type AgentProvider = (typeof AGENT_PROVIDERS)[number];
export const AGENT_TONES = ['formal', 'informal', 'amigavel', 'profissional', 'descontraido'] as const;
export const AGENT_TEMPLATE_CATEGORIES = ['vendas', 'atendimento', 'faq', 'consultoria', 'suporte'] as const;
export type AgentTemplateCategory = (typeof AGENT_TEMPLATE_CATEGORIES)[number];

/** Spec 3 section 9, models of the template agent form. */
export const AGENT_MODELS: Record<AgentProvider, readonly string[]> = {
  openai: ['gpt-4o-mini', 'gpt-4o', 'gpt-4-turbo-preview', 'gpt-3.5-turbo'],
  openrouter: ['openai/gpt-4o-mini', 'openai/gpt-4o', 'anthropic/claude-sonnet-4', 'google/gemini-2.5-pro-preview'],
};

/** Spec 3 section 3, agent defaults. */
export const AGENT_DEFAULTS = {
  mode: 'template',
  isActive: true,
  provider: 'openai',
  model: 'gpt-4o-mini',
  temperature: 0.7,
  maxTokens: 1000,
  maxMessages: 10,
  voiceProvider: 'elevenlabs',
  fallbackMessage: 'Desculpe, não entendi. Como posso ajudar?',
  transferToHumanKeywords: ['atendente', 'humano', 'pessoa'],
} as const;

/** Spec 3 sections 5 and 9: temperature 0 to 2, maxTokens 50 to 4000, maxMessages 1 to 50. */
export const AGENT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  descriptionMax: 500,
  apiKeyMin: 10,
  apiKeyMax: 500,
  textMax: 20_000,
  temperatureMin: 0,
  temperatureMax: 2,
  maxTokensMin: 50,
  maxTokensMax: 4_000,
  maxMessagesMin: 1,
  maxMessagesMax: 50,
} as const;

const M = AGENT_MESSAGES;
const L = AGENT_LIMITS;

const text = (max: number = L.textMax) => z.string({ error: M.invalidValue }).trim().max(max, M.tooLong);
const numberBetween = (min: number, max: number, int: boolean) => {
  const base = z.number({ error: M.invalidValue }).min(min, M.invalidValue).max(max, M.invalidValue);
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
    int ? base.int(M.invalidValue) : base,
  );
};
const words = z.array(text(200)).max(100, M.tooLong);

/** The wizard's questionnaire (spec 3 "Questionnaire data"); every answer is free text. */
export const questionnaireSchema = z.object({
  businessType: text(200).optional(),
  businessDescription: text(5_000).optional(),
  tone: text(50).optional(),
  mainServices: text(5_000).optional(),
  greetingExample: text(2_000).optional(),
  rules: text(5_000).optional(),
  workingHours: text(500).optional(),
  location: text(500).optional(),
  commonQuestions: text(5_000).optional(),
  specialInstructions: text(5_000).optional(),
  conversationExamples: text(10_000).optional(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

export const tagRuleSchema = z.object({
  tag: z.string({ error: M.tagRuleTag }).trim().min(1, M.tagRuleTag).max(100, M.tooLong),
  condition: z.string({ error: M.tagRuleCondition }).trim().min(1, M.tagRuleCondition).max(1_000, M.tooLong),
});
export type TagRule = z.infer<typeof tagRuleSchema>;

/** Per-agent usage, added to by the answering engine: shown on the agent's card. */
export const agentUsageSchema = z.object({
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  costUsd: z.number().min(0),
});

/**
 * An agent as the API shows it: `apiKey`, `voiceKey` and `voiceApiKey` are never whole, only the mask
 * and their last 4 characters (SECRET_MASK).
 */
export const agentSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  mode: z.enum(AGENT_MODES),
  companyName: z.string(),
  companyDescription: z.string(),
  businessHours: z.string(),
  location: z.string(),
  questionnaireData: questionnaireSchema,
  customPrompt: z.string(),
  systemPrompt: z.string(),
  provider: z.enum(AGENT_PROVIDERS),
  apiKey: z.string(),
  model: z.string(),
  temperature: z.number(),
  maxTokens: z.number().int(),
  maxMessages: z.number().int(),
  voice: z.string(),
  voiceKey: z.string(),
  voiceRegion: z.string(),
  voiceEnabled: z.boolean(),
  voiceApiKey: z.string(),
  voiceId: z.string(),
  voiceProvider: z.string(),
  canSchedule: z.boolean(),
  schedulingInstructions: z.string(),
  schedulingServices: z.array(idSchema),
  connectedServices: z.array(z.string()),
  canSetTags: z.boolean(),
  tagRules: z.array(tagRuleSchema),
  tags: z.array(z.string()),
  tagInstructions: z.string(),
  allowServiceAccess: z.boolean(),
  fallbackMessage: z.string(),
  transferToHumanKeywords: z.array(z.string()),
  isActive: z.boolean(),
  templateId: idSchema.nullable(),
  selectedTemplate: z.string().nullable(),
  usage: agentUsageSchema,
  companyId: idSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;
export const agentListResponseSchema = z.array(agentSchema);

const nameField = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired, abort: true })
  .min(L.nameMin, M.nameTooShort)
  .max(L.nameMax, M.nameTooLong);
const apiKeyField = z
  .string({ error: M.apiKeyRequired })
  .trim()
  .min(1, { error: M.apiKeyRequired, abort: true })
  .min(L.apiKeyMin, M.apiKeyTooShort)
  .max(L.apiKeyMax, M.tooLong);
const modelField = z.string({ error: M.modelRequired }).trim().min(1, M.modelRequired).max(200, M.tooLong);
const providerField = z.enum(AGENT_PROVIDERS, { error: M.providerRequired });

const agentFields = {
  name: nameField,
  description: z.string({ error: M.invalidValue }).trim().max(L.descriptionMax, M.descriptionTooLong),
  mode: z.enum(AGENT_MODES, { error: M.invalidValue }),
  companyName: text(200),
  companyDescription: text(5_000),
  businessHours: text(500),
  location: text(500),
  questionnaireData: questionnaireSchema,
  customPrompt: text(),
  systemPrompt: text(),
  provider: providerField,
  apiKey: apiKeyField,
  model: modelField,
  temperature: numberBetween(L.temperatureMin, L.temperatureMax, false),
  maxTokens: numberBetween(L.maxTokensMin, L.maxTokensMax, true),
  maxMessages: numberBetween(L.maxMessagesMin, L.maxMessagesMax, true),
  voice: text(100),
  voiceKey: text(L.apiKeyMax),
  voiceRegion: text(50),
  voiceEnabled: z.boolean({ error: M.invalidValue }),
  voiceApiKey: text(L.apiKeyMax),
  voiceId: text(200),
  voiceProvider: text(50),
  canSchedule: z.boolean({ error: M.invalidValue }),
  schedulingInstructions: text(5_000),
  schedulingServices: z.array(idSchema).max(200, M.tooLong),
  connectedServices: words,
  canSetTags: z.boolean({ error: M.invalidValue }),
  tagRules: z.array(tagRuleSchema).max(100, M.tooLong),
  tags: words,
  tagInstructions: text(5_000),
  allowServiceAccess: z.boolean({ error: M.invalidValue }),
  fallbackMessage: text(2_000),
  transferToHumanKeywords: words,
  isActive: z.boolean({ error: M.invalidValue }),
  templateId: idSchema.nullable(),
  selectedTemplate: text(200).nullable(),
};

/** Spec 3 section 5: the company in template mode; the system prompt (or the custom one) in advanced mode. */
const modeNeeds = (
  body: { mode?: AgentMode; companyName?: string; systemPrompt?: string; customPrompt?: string },
  context: z.RefinementCtx,
) => {
  if (body.mode === 'template' && !body.companyName)
    context.addIssue({ code: 'custom', path: ['companyName'], message: M.companyNameRequired });
  if (body.mode === 'advanced' && !body.systemPrompt && !body.customPrompt)
    context.addIssue({ code: 'custom', path: ['systemPrompt'], message: M.systemPromptRequired });
};

/** POST /agents: every field of the spec, the defaults of spec 3 for what is left out. */
export const agentCreateBodySchema = z
  .object({
    ...agentFields,
    description: agentFields.description.default(''),
    mode: agentFields.mode.default(AGENT_DEFAULTS.mode),
    companyName: agentFields.companyName.default(''),
    companyDescription: agentFields.companyDescription.default(''),
    businessHours: agentFields.businessHours.default(''),
    location: agentFields.location.default(''),
    questionnaireData: agentFields.questionnaireData.default({}),
    customPrompt: agentFields.customPrompt.default(''),
    systemPrompt: agentFields.systemPrompt.default(''),
    provider: agentFields.provider.default(AGENT_DEFAULTS.provider),
    model: agentFields.model.default(AGENT_DEFAULTS.model),
    temperature: agentFields.temperature.default(AGENT_DEFAULTS.temperature),
    maxTokens: agentFields.maxTokens.default(AGENT_DEFAULTS.maxTokens),
    maxMessages: agentFields.maxMessages.default(AGENT_DEFAULTS.maxMessages),
    voice: agentFields.voice.default(''),
    voiceKey: agentFields.voiceKey.default(''),
    voiceRegion: agentFields.voiceRegion.default(''),
    voiceEnabled: agentFields.voiceEnabled.default(false),
    voiceApiKey: agentFields.voiceApiKey.default(''),
    voiceId: agentFields.voiceId.default(''),
    voiceProvider: agentFields.voiceProvider.default(AGENT_DEFAULTS.voiceProvider),
    canSchedule: agentFields.canSchedule.default(false),
    schedulingInstructions: agentFields.schedulingInstructions.default(''),
    schedulingServices: agentFields.schedulingServices.default([]),
    connectedServices: agentFields.connectedServices.default([]),
    canSetTags: agentFields.canSetTags.default(false),
    tagRules: agentFields.tagRules.default([]),
    tags: agentFields.tags.default([]),
    tagInstructions: agentFields.tagInstructions.default(''),
    allowServiceAccess: agentFields.allowServiceAccess.default(false),
    fallbackMessage: agentFields.fallbackMessage.default(AGENT_DEFAULTS.fallbackMessage),
    transferToHumanKeywords: agentFields.transferToHumanKeywords.default([...AGENT_DEFAULTS.transferToHumanKeywords]),
    isActive: agentFields.isActive.default(AGENT_DEFAULTS.isActive),
    templateId: agentFields.templateId.default(null),
    selectedTemplate: agentFields.selectedTemplate.default(null),
  })
  .superRefine(modeNeeds);
export type AgentCreateBody = z.input<typeof agentCreateBodySchema>;
export type AgentCreateFields = z.output<typeof agentCreateBodySchema>;

/** On an edit a key may also come back as GET showed it (the mask and its last 4 characters): kept. */
const apiKeyOrShown = z
  .string({ error: M.apiKeyRequired })
  .trim()
  .superRefine((value, context) => {
    if (value.startsWith(SECRET_MASK)) return;
    if (!value) context.addIssue({ code: 'custom', message: M.apiKeyRequired });
    else if (value.length < L.apiKeyMin) context.addIssue({ code: 'custom', message: M.apiKeyTooShort });
    else if (value.length > L.apiKeyMax) context.addIssue({ code: 'custom', message: M.tooLong });
  });

/**
 * PUT /agents/{id}: the fields that change (Edit, Config, the Ativo switch). A key sent back as GET
 * showed it (the mask and its last 4 characters), or left out, keeps the stored key.
 */
export const agentUpdateBodySchema = z.object({ ...agentFields, apiKey: apiKeyOrShown }).partial();
export type AgentUpdateBody = z.input<typeof agentUpdateBodySchema>;
export type AgentUpdateFields = z.output<typeof agentUpdateBodySchema>;

export const agentDeleteResponseSchema = z.object({ message: z.string() });

/** POST /agents/test-connection: provider, apiKey, model → {success, error} (always 200). */
export const agentTestConnectionBodySchema = z.object({
  provider: providerField,
  apiKey: apiKeyField,
  model: modelField,
});
export type AgentTestConnectionBody = z.input<typeof agentTestConnectionBodySchema>;
export const agentTestConnectionResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  message: z.string(),
});
export type AgentTestConnectionResponse = z.infer<typeof agentTestConnectionResponseSchema>;

/** POST /agents/preview: the questionnaire (and the wizard's other answers) → {prompt}. */
export const agentPreviewBodySchema = z.object({
  name: text(L.nameMax).default(''),
  companyName: text(200).default(''),
  questionnaireData: questionnaireSchema.default({}),
  templateId: idSchema.nullable().default(null),
});
export type AgentPreviewBody = z.input<typeof agentPreviewBodySchema>;
export const agentPreviewResponseSchema = z.object({ prompt: z.string() });

// ------------------------------------------ templates ------------------------------------------

const T = AGENT_TEMPLATE_MESSAGES;

/** A template's defaults for the agents made from it (spec 3 "Agent template" defaultConfig). */
export const agentTemplateConfigSchema = z.object({
  provider: providerField.optional(),
  model: text(200).optional(),
  temperature: numberBetween(L.temperatureMin, L.temperatureMax, false).optional(),
  maxTokens: numberBetween(L.maxTokensMin, L.maxTokensMax, true).optional(),
  maxMessages: numberBetween(L.maxMessagesMin, L.maxMessagesMax, true).optional(),
  features: z.array(text(100)).max(50).optional(),
  specialInstructions: text(5_000).optional(),
});

export const agentTemplateSchema = z.object({
  id: idSchema,
  name: z.string(),
  category: z.string(),
  description: z.string(),
  basePrompt: z.string(),
  requiredFields: z.array(z.string()),
  defaultConfig: agentTemplateConfigSchema,
  icon: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentTemplate = z.infer<typeof agentTemplateSchema>;
export const agentTemplateListResponseSchema = z.object({ templates: z.array(agentTemplateSchema) });

/** "a, b,, c" → ['a', 'b', 'c']: the form's comma-separated text, or a list. */
export const splitRequiredFields = (value: string): string[] =>
  value
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);

/** POST /agent-templates and PUT /agent-templates/{id} (spec 3 section 5, agent template). */
export const agentTemplateBodySchema = z.object({
  name: z
    .string({ error: T.nameRequired })
    .trim()
    .min(1, { error: T.nameRequired, abort: true })
    .min(2, T.nameTooShort)
    .max(100, T.nameTooLong),
  category: z.enum(AGENT_TEMPLATE_CATEGORIES, { error: T.categoryInvalid }),
  description: z
    .string({ error: T.descriptionRequired })
    .trim()
    .min(1, { error: T.descriptionRequired, abort: true })
    .max(500, T.descriptionTooLong),
  basePrompt: z
    .string({ error: T.basePromptRequired })
    .trim()
    .min(1, { error: T.basePromptRequired, abort: true })
    .min(50, T.basePromptTooShort)
    .max(L.textMax, M.tooLong),
  requiredFields: z.preprocess(
    (value) => (typeof value === 'string' ? splitRequiredFields(value) : value),
    z
      .array(z.string({ error: M.invalidValue }).trim().min(1, M.invalidValue).max(100, M.tooLong), { error: T.requiredFieldsMin })
      .min(1, T.requiredFieldsMin)
      .max(50, M.tooLong),
  ),
  defaultConfig: agentTemplateConfigSchema.default({}),
  icon: text(100).default(''),
});
export type AgentTemplateBody = z.input<typeof agentTemplateBodySchema>;
export type AgentTemplateFields = z.output<typeof agentTemplateBodySchema>;

/**
 * POST /agent-templates/{id}/process: the answers that fill the placeholders ({{AGENT_NAME}} from
 * agent_name or agentName, ...) → {processedPrompt}. The date and time are the company's clock.
 */
export const agentTemplateProcessBodySchema = z.object({
  data: z.record(z.string().max(100), z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()])).default({}),
});
export type AgentTemplateProcessBody = z.input<typeof agentTemplateProcessBodySchema>;
export const agentTemplateProcessResponseSchema = z.object({ processedPrompt: z.string() });

/**
 * `company-{id}-agent`: create and update carry the agent (keys masked); delete its id.
 */
export type AgentSocketPayload = { action: 'create' | 'update'; agent: Agent } | { action: 'delete'; agentId: number };
