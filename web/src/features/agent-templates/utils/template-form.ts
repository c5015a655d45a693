import {
  AGENT_TEMPLATE_CATEGORIES,
  AGENT_TEMPLATE_MESSAGES,
  type AgentTemplate,
  type AgentTemplateBody,
  splitRequiredFields,
} from '@app/contracts';
import { z } from 'zod';

const T = AGENT_TEMPLATE_MESSAGES;

/** What the reset button puts back in basePrompt. */
export const DEFAULT_BASE_PROMPT = `Você é {{AGENT_NAME}}, assistente virtual da {{COMPANY_NAME}}, uma empresa de {{BUSINESS_TYPE}}.
Fale sempre em um tom {{TONE}} e responda em mensagens curtas próprias para WhatsApp.

Sobre a empresa: {{BUSINESS_DESCRIPTION}}
Produtos e serviços: {{MAIN_SERVICES}}
Horário de atendimento: {{WORKING_HOURS}}
Localização: {{LOCATION}}
Hoje é {{CURRENT_DATE}}, agora são {{CURRENT_TIME}}.

Nunca invente informações: quando não souber, diga isso e ofereça um atendente humano.`;

/** The dialog's form: requiredFields typed as comma-separated text (spec 3 section 2). */
export const templateFormSchema = z.object({
  name: z.string().trim().min(1, T.nameRequired).min(2, T.nameTooShort).max(100, T.nameTooLong),
  category: z.enum(AGENT_TEMPLATE_CATEGORIES, { error: T.categoryInvalid }),
  description: z.string().trim().min(1, T.descriptionRequired).max(500, T.descriptionTooLong),
  basePrompt: z.string().trim().min(1, T.basePromptRequired).min(50, T.basePromptTooShort),
  requiredFields: z.string().refine((text) => splitRequiredFields(text).length > 0, T.requiredFieldsMin),
});
export type TemplateFormValues = z.input<typeof templateFormSchema>;

export const templateFormDefaults = (template: AgentTemplate | null): TemplateFormValues => ({
  name: template?.name ?? '',
  category: (template?.category as TemplateFormValues['category']) ?? 'atendimento',
  description: template?.description ?? '',
  basePrompt: template?.basePrompt ?? DEFAULT_BASE_PROMPT,
  requiredFields: template?.requiredFields.join(', ') ?? 'agent_name, company_name, business_type, main_services',
});

export const toTemplateBody = (values: TemplateFormValues): AgentTemplateBody => ({
  ...values,
  requiredFields: splitRequiredFields(values.requiredFields),
});

/** 'businessType' or 'business_type' → 'business type' (the card's field chips). */
export const fieldLabel = (field: string): string =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

/** The description as a card shows it: cut beyond 50 characters. */
export const cardDescription = (text: string): string => (text.length > 50 ? `${text.slice(0, 50)}...` : text);
