import { type Agent, AGENT_MODELS, AGENT_TONES, type AgentProvider } from '@app/contracts';
import { Box, Button, chakra, Checkbox, Circle, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { InfoDialog } from '@/components/ui/info-dialog';
import { toastError, toastSuccess, toastWarning } from '@/components/ui/toaster';
import { useAgentTemplates } from '@/features/agent-templates/api/agent-templates';

import { previewAgentPrompt, testAgentConnection, useCreateAgent, useUpdateAgent } from '../api/agents';
import { agentFormDefaults, agentFormSchema, type AgentFormValues, STEP_FIELDS, toAgentBody, WIZARD_STEPS } from '../utils/agent-form';
import { queueWarning } from '../utils/agent-queue';
import { AgentDocuments } from './agent-documents';

type AgentWizardProps = {
  /** The agent to edit; null creates one. */
  agent: Agent | null;
  /** Config opens an agent at its AI configuration step. */
  initialStep?: number;
  /** The /agents variant's choice on its step 0: a template, or advanced mode. */
  preset?: { mode: 'template' | 'advanced'; templateId?: number };
  onClose: () => void;
};

/** The inline 5-step agent wizard (spec 3 section 2): template or advanced; next and back, reset on close. */
export function AgentWizard({ agent, initialStep = 0, preset, onClose }: AgentWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(initialStep);
  const [notice, setNotice] = useState<{ title: string; message: string } | null>(null);
  const [preview, setPreview] = useState('');
  const templates = useAgentTemplates();
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const form = useForm<AgentFormValues>({
    resolver: zodResolver(agentFormSchema),
    defaultValues: {
      ...agentFormDefaults(agent),
      ...(preset && { mode: preset.mode, templateId: preset.templateId ? String(preset.templateId) : '' }),
    },
    mode: 'onTouched',
  });
  const {
    register,
    watch,
    trigger,
    getValues,
    handleSubmit,
    formState: { errors },
  } = form;
  const mode = watch('mode');
  const provider = watch('provider') as AgentProvider;
  const templateName = (id: string) => templates.data?.find((template) => String(template.id) === id)?.name ?? null;

  function close() {
    form.reset(agentFormDefaults(null));
    onClose();
  }

  async function next() {
    if (await trigger(STEP_FIELDS[step])) setStep((current) => Math.min(current + 1, WIZARD_STEPS.length - 1));
  }

  async function testConnection() {
    const { provider: chosen, apiKey, model } = getValues();
    if (!chosen || !apiKey) return setNotice({ title: t('agents.test.title'), message: t('agents.test.missing') });
    try {
      const answer = await testAgentConnection({ provider: chosen, apiKey, model });
      setNotice({ title: t('agents.test.title'), message: answer.message });
    } catch (error) {
      setNotice({ title: t('agents.test.title'), message: `Erro ao testar conexão: ${error instanceof Error ? error.message : ''}` });
    }
  }

  async function showPreview() {
    const values = getValues();
    const body = toAgentBody(values, null);
    try {
      setPreview(
        (
          await previewAgentPrompt({
            name: body.name,
            companyName: body.companyName,
            questionnaireData: body.questionnaireData,
            templateId: body.templateId ?? null,
          })
        ).prompt,
      );
    } catch {
      toastError(new Error('Erro ao gerar preview do prompt'));
    }
  }

  async function save(values: AgentFormValues) {
    const body = toAgentBody(values, templateName(values.templateId));
    try {
      if (agent) {
        await update.mutateAsync({ id: agent.id, body });
        toastSuccess(t('agents.toasts.updated'));
      } else {
        const created = await create.mutateAsync(body);
        if ('queue' in created) toastSuccess(t('agents.toasts.createdWithQueue'));
        else {
          toastSuccess(t('agents.toasts.created'));
          toastWarning(queueWarning(created.queueError));
        }
      }
      close();
    } catch (error) {
      toastError(error);
    }
  }

  const field = (name: keyof AgentFormValues) => errors[name]?.message;

  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="agent-wizard">
      <form onSubmit={handleSubmit(save)}>
        <WizardSteps step={step} />

        {step === 0 && (
          <Stack gap="3">
            <FormField label={t('agents.fields.name')} error={field('name')} required>
              <Input data-testid="agent-name" {...register('name')} />
            </FormField>
            <FormField label={t('agents.fields.description')} error={field('description')}>
              <Textarea rows={2} {...register('description')} />
            </FormField>
            <FormField label={t('agents.fields.mode')}>
              <NativeSelect.Root>
                <NativeSelect.Field data-testid="agent-mode" {...register('mode')}>
                  <option value="template">Template</option>
                  <option value="advanced">Avançado</option>
                </NativeSelect.Field>
              </NativeSelect.Root>
            </FormField>
            {mode === 'template' && (
              <FormField label={t('agents.fields.template')}>
                <NativeSelect.Root>
                  <NativeSelect.Field data-testid="agent-template" {...register('templateId')}>
                    <option value="">—</option>
                    {templates.data?.map((template) => (
                      <option key={template.id} value={template.id}>
                        {template.name} ({template.category})
                      </option>
                    ))}
                  </NativeSelect.Field>
                </NativeSelect.Root>
              </FormField>
            )}
          </Stack>
        )}

        {step === 1 && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label={t('agents.fields.companyName')} error={field('companyName')} required={mode === 'template'}>
              <Input data-testid="agent-company-name" {...register('companyName')} />
            </FormField>
            <FormField label={t('agents.fields.businessType')} error={field('businessType')} required={mode === 'template'}>
              <Input data-testid="agent-business-type" {...register('businessType')} />
            </FormField>
            <FormField label={t('agents.fields.tone')} error={field('tone')}>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('tone')}>
                  {AGENT_TONES.map((tone) => (
                    <option key={tone} value={tone}>
                      {tone}
                    </option>
                  ))}
                </NativeSelect.Field>
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('agents.fields.workingHours')}>
              <Input {...register('workingHours')} />
            </FormField>
            <FormField label={t('agents.fields.businessDescription')} error={field('businessDescription')} required={mode === 'template'}>
              <Textarea data-testid="agent-business-description" rows={3} {...register('businessDescription')} />
            </FormField>
            <FormField label={t('agents.fields.mainServices')} error={field('mainServices')} required={mode === 'template'}>
              <Textarea data-testid="agent-main-services" rows={3} {...register('mainServices')} />
            </FormField>
            <FormField label={t('agents.fields.location')}>
              <Input {...register('location')} />
            </FormField>
          </SimpleGrid>
        )}

        {step === 2 && (
          <Stack gap="3">
            <Checkbox.Root {...checkbox(form, 'canSetTags')}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('agents.fields.canSetTags')}</Checkbox.Label>
            </Checkbox.Root>
            <FormField label={t('agents.fields.tagRules')} error={field('tagRules')}>
              <Textarea data-testid="agent-tag-rules" rows={3} placeholder="vip: cliente pediu desconto" {...register('tagRules')} />
            </FormField>
            <Checkbox.Root {...checkbox(form, 'canSchedule')}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('agents.fields.canSchedule')}</Checkbox.Label>
            </Checkbox.Root>
            <FormField label={t('agents.fields.schedulingInstructions')}>
              <Textarea rows={2} {...register('schedulingInstructions')} />
            </FormField>
          </Stack>
        )}

        {step === 3 && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label={t('agents.fields.provider')} error={field('provider')} required>
              <NativeSelect.Root>
                <NativeSelect.Field
                  data-testid="agent-provider"
                  {...register('provider', { onChange: () => form.setValue('model', AGENT_MODELS[getValues('provider')][0]!) })}
                >
                  <option value="openai">OpenAI</option>
                  <option value="openrouter">OpenRouter</option>
                </NativeSelect.Field>
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('agents.fields.model')} error={field('model')} required>
              <NativeSelect.Root>
                <NativeSelect.Field data-testid="agent-model" {...register('model')}>
                  {AGENT_MODELS[provider].map((model) => (
                    <option key={model} value={model}>
                      {model}
                    </option>
                  ))}
                </NativeSelect.Field>
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('agents.fields.apiKey')} error={field('apiKey')} required>
              <Input data-testid="agent-api-key" type="password" autoComplete="off" {...register('apiKey')} />
            </FormField>
            <Button variant="outline" alignSelf="end" onClick={testConnection} data-testid="agent-test-connection">
              {t('agents.test.button')}
            </Button>
            <FormField label={t('agents.fields.temperature')} error={field('temperature')}>
              <Input type="number" step="0.1" min={0} max={2} {...register('temperature')} />
            </FormField>
            <FormField label={t('agents.fields.maxTokens')} error={field('maxTokens')}>
              <Input type="number" min={50} max={4000} {...register('maxTokens')} />
            </FormField>
            <FormField label={t('agents.fields.maxMessages')} error={field('maxMessages')}>
              <Input type="number" min={1} max={50} {...register('maxMessages')} />
            </FormField>
          </SimpleGrid>
        )}

        {step === 4 && (
          <Stack gap="3">
            {mode === 'advanced' && (
              <FormField label={t('agents.fields.customPrompt')} error={field('customPrompt')} required>
                <Textarea data-testid="agent-custom-prompt" rows={8} {...register('customPrompt')} />
              </FormField>
            )}
            <FormField label={t('agents.fields.fallbackMessage')}>
              <Input {...register('fallbackMessage')} />
            </FormField>
            <FormField label={t('agents.fields.transferToHumanKeywords')}>
              <Input {...register('transferToHumanKeywords')} />
            </FormField>
            <Checkbox.Root {...checkbox(form, 'isActive')}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('agents.active')}</Checkbox.Label>
            </Checkbox.Root>
            <Button variant="outline" alignSelf="flex-start" onClick={showPreview} data-testid="agent-preview">
              {t('agents.previewButton')}
            </Button>
            {preview && (
              <Text as="pre" whiteSpace="pre-wrap" fontSize="sm" data-testid="agent-preview-text">
                {preview}
              </Text>
            )}
          </Stack>
        )}

        <HStack justify="space-between" mt="4">
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <HStack>
            <Button variant="outline" disabled={step === 0} onClick={() => setStep((current) => current - 1)} data-testid="agent-back">
              {t('agents.back')}
            </Button>
            {/* Keyed apart: the same DOM button turned type="submit" by the step change that a click on
                'Próximo' makes would submit the form at the end of that very click. */}
            {step < WIZARD_STEPS.length - 1 ? (
              <Button key="next" colorPalette="blue" onClick={next} data-testid="agent-next">
                {t('agents.next')}
              </Button>
            ) : (
              <Button key="save" type="submit" colorPalette="blue" loading={create.isPending || update.isPending} data-testid="agent-save">
                {agent ? t('agents.save') : t('agents.create')}
              </Button>
            )}
          </HStack>
        </HStack>
      </form>
      {agent && <AgentDocuments agentId={agent.id} />}
      {notice && (
        <InfoDialog open title={notice.title} onClose={() => setNotice(null)} testId="agent-notice">
          <Text data-testid="agent-notice-message">{notice.message}</Text>
        </InfoDialog>
      )}
    </Box>
  );
}

/**
 * The wizard's steps as an ordered list, the current one marked `aria-current="step"` (Chakra's Steps
 * list is a tablist whose tabs are the step triggers, which a wizard moved by its buttons has none of).
 */
function WizardSteps({ step }: { step: number }) {
  const { t } = useTranslation();
  const last = WIZARD_STEPS.length - 1;
  return (
    <chakra.ol
      display="flex"
      flexWrap="wrap"
      gap="2"
      mb="4"
      listStyleType="none"
      aria-label={t('agents.steps')}
      data-testid="agent-wizard-steps"
    >
      {WIZARD_STEPS.map((title, index) => {
        const current = index === step;
        const done = index < step;
        return (
          <chakra.li
            key={title}
            display="flex"
            alignItems="center"
            gap="2"
            flex={index < last ? '1' : undefined}
            aria-current={current ? 'step' : undefined}
          >
            <Circle
              size="6"
              flexShrink={0}
              fontSize="xs"
              fontWeight="semibold"
              borderWidth="2px"
              borderColor={done || current ? 'brand.solid' : 'border.emphasized'}
              bg={done ? 'brand.solid' : undefined}
              color={done ? 'brand.contrast' : 'fg'}
              aria-hidden
            >
              {done ? <LuCheck /> : index + 1}
            </Circle>
            <Text fontSize="sm" fontWeight={current ? 'semibold' : 'normal'} color={current ? 'fg' : 'fg.muted'}>
              {title}
            </Text>
            {index < last && <Box flex="1" minW="4" h="1px" bg={done ? 'brand.solid' : 'border'} aria-hidden />}
          </chakra.li>
        );
      })}
    </chakra.ol>
  );
}

/** A Chakra checkbox bound to a boolean field of the form. */
function checkbox(form: ReturnType<typeof useForm<AgentFormValues>>, name: 'canSetTags' | 'canSchedule' | 'isActive') {
  return {
    checked: form.watch(name),
    onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => form.setValue(name, details.checked === true),
  };
}
