import { type Agent, AGENT_DEFAULTS, AGENT_LIMITS, AGENT_MESSAGES, AGENT_TONES, type AgentCreateBody } from '@app/contracts';
import { z } from 'zod';

const M = AGENT_MESSAGES;
const L = AGENT_LIMITS;

/** The wizard's steps (spec 3 section 2). */
export const WIZARD_STEPS = [
  'Informações Básicas',
  'Informações do Negócio',
  'Tags e Serviços',
  'Configuração de IA',
  'Finalizar',
] as const;

/** The questionnaire answers a template-mode agent needs, with the names the messages use. */
const QUESTIONNAIRE_REQUIRED = [
  ['businessType', 'Tipo de negócio'],
  ['businessDescription', 'Descrição do negócio'],
  ['tone', 'Tom de voz'],
  ['mainServices', 'Serviços principais'],
] as const;

/** "vip: pediu desconto" per line → {tag, condition}. */
export const parseTagRules = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [tag = '', ...rest] = line.split(':');
      return { tag: tag.trim(), condition: rest.join(':').trim() };
    });

const number = (min: number, max: number) => z.coerce.number({ error: M.invalidValue }).min(min, M.invalidValue).max(max, M.invalidValue);

export const agentFormSchema = z
  .object({
    name: z.string().trim().min(1, M.nameRequired).min(L.nameMin, M.nameTooShort).max(L.nameMax, M.nameTooLong),
    description: z.string().max(L.descriptionMax, M.descriptionTooLong),
    mode: z.enum(['template', 'advanced']),
    templateId: z.string(),
    companyName: z.string().trim(),
    businessType: z.string().trim(),
    businessDescription: z.string().trim(),
    tone: z.string(),
    mainServices: z.string().trim(),
    workingHours: z.string().trim(),
    location: z.string().trim(),
    canSetTags: z.boolean(),
    tagRules: z.string(),
    canSchedule: z.boolean(),
    schedulingInstructions: z.string(),
    provider: z.enum(['openai', 'openrouter'], { error: M.providerRequired }),
    model: z.string().trim().min(1, M.modelRequired),
    apiKey: z.string().trim().min(1, M.apiKeyRequired),
    temperature: number(L.temperatureMin, L.temperatureMax),
    maxTokens: number(L.maxTokensMin, L.maxTokensMax),
    maxMessages: number(L.maxMessagesMin, L.maxMessagesMax),
    customPrompt: z.string().trim(),
    fallbackMessage: z.string(),
    transferToHumanKeywords: z.string(),
    voiceEnabled: z.boolean(),
    isActive: z.boolean(),
    /** Editing: a key shown masked may be sent back as is. */
    editing: z.boolean(),
  })
  .superRefine((values, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (!values.editing && values.apiKey && values.apiKey.length < L.apiKeyMin) issue('apiKey', M.apiKeyTooShort);
    if (values.mode === 'template') {
      if (!values.companyName) issue('companyName', M.companyNameRequired);
      for (const [field, label] of QUESTIONNAIRE_REQUIRED) if (!values[field]) issue(field, M.fieldRequired(label));
    } else if (!values.customPrompt) issue('customPrompt', M.systemPromptRequired);
    parseTagRules(values.tagRules).forEach((rule) => {
      if (!rule.tag) issue('tagRules', M.tagRuleTag);
      else if (!rule.condition) issue('tagRules', M.tagRuleCondition);
    });
  });
export type AgentFormValues = z.input<typeof agentFormSchema>;
export type AgentFormField = keyof AgentFormValues;

/** The fields each step checks before moving on. */
export const STEP_FIELDS: AgentFormField[][] = [
  ['name', 'description', 'mode', 'templateId'],
  ['companyName', 'businessType', 'businessDescription', 'tone', 'mainServices', 'workingHours', 'location'],
  ['canSetTags', 'tagRules', 'canSchedule', 'schedulingInstructions'],
  ['provider', 'model', 'apiKey', 'temperature', 'maxTokens', 'maxMessages'],
  ['customPrompt', 'fallbackMessage', 'transferToHumanKeywords', 'isActive'],
];

export const agentFormDefaults = (agent: Agent | null): AgentFormValues => ({
  name: agent?.name ?? '',
  description: agent?.description ?? '',
  mode: agent?.mode ?? AGENT_DEFAULTS.mode,
  templateId: agent?.templateId ? String(agent.templateId) : '',
  companyName: agent?.companyName ?? '',
  businessType: agent?.questionnaireData.businessType ?? '',
  businessDescription: agent?.questionnaireData.businessDescription ?? '',
  tone: agent?.questionnaireData.tone ?? AGENT_TONES[3],
  mainServices: agent?.questionnaireData.mainServices ?? '',
  workingHours: agent?.questionnaireData.workingHours ?? '',
  location: agent?.questionnaireData.location ?? '',
  canSetTags: agent?.canSetTags ?? false,
  tagRules: agent?.tagRules.map((rule) => `${rule.tag}: ${rule.condition}`).join('\n') ?? '',
  canSchedule: agent?.canSchedule ?? false,
  schedulingInstructions: agent?.schedulingInstructions ?? '',
  provider: agent?.provider ?? AGENT_DEFAULTS.provider,
  model: agent?.model ?? AGENT_DEFAULTS.model,
  apiKey: agent?.apiKey ?? '',
  temperature: agent?.temperature ?? AGENT_DEFAULTS.temperature,
  maxTokens: agent?.maxTokens ?? AGENT_DEFAULTS.maxTokens,
  maxMessages: agent?.maxMessages ?? AGENT_DEFAULTS.maxMessages,
  customPrompt: agent?.customPrompt || agent?.systemPrompt || '',
  fallbackMessage: agent?.fallbackMessage ?? AGENT_DEFAULTS.fallbackMessage,
  transferToHumanKeywords: (agent?.transferToHumanKeywords ?? AGENT_DEFAULTS.transferToHumanKeywords).join(', '),
  voiceEnabled: agent?.voiceEnabled ?? false,
  isActive: agent?.isActive ?? true,
  editing: agent !== null,
});

export function toAgentBody(values: AgentFormValues, templateName: string | null): AgentCreateBody {
  return {
    name: values.name,
    description: values.description,
    mode: values.mode,
    templateId: values.mode === 'template' && values.templateId ? Number(values.templateId) : null,
    selectedTemplate: values.mode === 'template' ? templateName : null,
    companyName: values.companyName,
    businessHours: values.workingHours,
    location: values.location,
    questionnaireData: {
      businessType: values.businessType,
      businessDescription: values.businessDescription,
      tone: values.tone,
      mainServices: values.mainServices,
      workingHours: values.workingHours,
      location: values.location,
    },
    customPrompt: values.customPrompt,
    systemPrompt: values.mode === 'advanced' ? values.customPrompt : '',
    canSetTags: values.canSetTags,
    tagRules: parseTagRules(values.tagRules),
    canSchedule: values.canSchedule,
    schedulingInstructions: values.schedulingInstructions,
    provider: values.provider,
    model: values.model,
    apiKey: values.apiKey,
    temperature: Number(values.temperature),
    maxTokens: Number(values.maxTokens),
    maxMessages: Number(values.maxMessages),
    fallbackMessage: values.fallbackMessage,
    transferToHumanKeywords: values.transferToHumanKeywords
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
    voiceEnabled: values.voiceEnabled,
    isActive: values.isActive,
  };
}
