import { type Prompt, PROMPT_AZURE_VOICES, PROMPT_TEXT_VOICE } from '@app/contracts';
import { Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useQueues } from '@/api/get-queues';
import { FormField } from '@/components/form/form-field';
import { FormModal } from '@/components/ui/form-modal';
import { PasswordInput } from '@/components/ui/password-input';
import { saveAndClose } from '@/components/ui/save-and-close';

import { useSavePrompt } from '../api/save-prompt';
import { promptFormDefaults, promptFormSchema, type PromptFormValues, toPromptBody } from '../utils/prompt-form';

type PromptModalProps = {
  /** The prompt to edit; null adds one. */
  prompt: Prompt | null;
  onClose: () => void;
};

/** 'pt-BR-FranciscaNeural' → 'Francisca'. */
export const voiceName = (voice: string) => voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');

/**
 * Adds or edits a prompt: name, OpenAI API key, training text, queue ('Informe o setor'), voice
 * (texto or an Azure pt-BR neural voice with its key and region), temperature, max tokens and the
 * number of messages of the conversation it reads.
 */
export function PromptModal({ prompt, onClose }: PromptModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSavePrompt();
  const queues = useQueues({ silent: true });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<PromptFormValues>({ resolver: zodResolver(promptFormSchema), defaultValues: promptFormDefaults(prompt) });
  const spoken = watch('voice') !== PROMPT_TEXT_VOICE;

  function handleSave(values: PromptFormValues) {
    const body = toPromptBody(values);
    return saveAndClose(saveMutation, prompt ? { id: prompt.id, body } : { body }, { saved: t('prompts.toasts.saved'), onClose });
  }

  return (
    <FormModal
      open
      size="lg"
      onClose={onClose}
      title={prompt ? t('prompts.modal.editTitle') : t('prompts.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending}
      submitLabel={prompt ? t('common.save') : t('common.add')}
      testId="prompt-modal"
      submitTestId="prompt-save"
    >
      <Stack gap="4">
        <FormField label={t('prompts.fields.name')} error={errors.name?.message} required>
          <Input {...register('name')} autoFocus data-testid="prompt-name" />
        </FormField>
        <FormField label={t('prompts.fields.apiKey')} error={errors.apiKey?.message} required>
          <PasswordInput {...register('apiKey')} autoComplete="off" data-testid="prompt-api-key" />
        </FormField>
        <FormField label={t('prompts.fields.prompt')} error={errors.prompt?.message} required>
          <Textarea {...register('prompt')} rows={8} data-testid="prompt-prompt" />
        </FormField>
        <FormField label={t('prompts.fields.queue')} error={errors.queueId?.message} required>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('queueId')} data-testid="prompt-queue">
              <option value="">{t('prompts.fields.chooseQueue')}</option>
              {(queues.data ?? []).map((queue) => (
                <option key={queue.id} value={String(queue.id)}>
                  {queue.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('prompts.fields.voice')} error={errors.voice?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('voice')} data-testid="prompt-voice">
              <option value={PROMPT_TEXT_VOICE}>{t('prompts.voices.text')}</option>
              {PROMPT_AZURE_VOICES.map((voice) => (
                <option key={voice} value={voice}>
                  {voiceName(voice)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {spoken && (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={t('prompts.fields.voiceKey')} error={errors.voiceKey?.message} required>
              <PasswordInput {...register('voiceKey')} autoComplete="off" data-testid="prompt-voice-key" />
            </FormField>
            <FormField label={t('prompts.fields.voiceRegion')} error={errors.voiceRegion?.message} required>
              <Input {...register('voiceRegion')} placeholder="brazilsouth" data-testid="prompt-voice-region" />
            </FormField>
          </SimpleGrid>
        )}
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <FormField label={t('prompts.fields.temperature')} error={errors.temperature?.message} required>
            <Input {...register('temperature')} inputMode="decimal" data-testid="prompt-temperature" />
          </FormField>
          <FormField label={t('prompts.fields.maxTokens')} error={errors.maxTokens?.message} required>
            <Input {...register('maxTokens')} inputMode="numeric" data-testid="prompt-max-tokens" />
          </FormField>
          <FormField label={t('prompts.fields.maxMessages')} error={errors.maxMessages?.message} required>
            <Input {...register('maxMessages')} inputMode="numeric" data-testid="prompt-max-messages" />
          </FormField>
        </SimpleGrid>
      </Stack>
    </FormModal>
  );
}
