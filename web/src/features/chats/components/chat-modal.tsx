import { type Chat, CHAT_TITLE_MAX } from '@app/contracts';
import { Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { FormModal } from '@/components/ui/form-modal';
import { toastError } from '@/components/ui/toaster';

import { useChatUserOptions, useSaveChat } from '../api/chats';

/** The chat dialog (spec 2): a title and at least one user, each with its alert. Messages are i18n keys. */
const chatFormSchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(CHAT_TITLE_MAX, 'validation.tooLong'),
  users: z.array(z.number().int()).min(1, 'chats.validation.users'),
});
type ChatFormValues = z.infer<typeof chatFormSchema>;
type MessageKey = 'validation.required';

type ChatModalProps = {
  /** The chat to edit (its owner only); null creates one. */
  chat: Chat | null;
  /** The caller: a member of every chat they make, not listed. */
  userId: number;
  onSaved: (chat: Chat) => void;
  onClose: () => void;
};

export function ChatModal({ chat, userId, onSaved, onClose }: ChatModalProps) {
  const { t } = useTranslation();
  const users = useChatUserOptions(true);
  const save = useSaveChat();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ChatFormValues>({
    resolver: zodResolver(chatFormSchema),
    defaultValues: { title: chat?.title ?? '', users: chat?.users.map((member) => member.userId).filter((id) => id !== userId) ?? [] },
  });

  async function handleSave(values: ChatFormValues) {
    try {
      onSaved(await save.mutateAsync({ id: chat?.id, body: { title: values.title, users: values.users.map((id) => ({ id })) } }));
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={chat ? t('chats.modal.editTitle') : t('chats.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={save.isPending}
      submitLabel={chat ? t('common.save') : t('common.add')}
      testId="chat-modal"
      submitTestId="chat-save"
      scrollBehavior="inside"
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.title} required>
          <Field.Label>{t('chats.modal.title')}</Field.Label>
          <Input {...register('title')} autoFocus data-testid="chat-title" />
          {errors.title?.message && <Field.ErrorText>{t(errors.title.message as MessageKey)}</Field.ErrorText>}
        </Field.Root>
        <Stack gap="1.5" role="group" aria-labelledby="chat-modal-users">
          <Text id="chat-modal-users" fontSize="sm" fontWeight="medium">
            {t('chats.modal.users')}
          </Text>
          <Controller
            control={control}
            name="users"
            render={({ field }) => (
              <Stack gap="1" data-testid="chat-users">
                {(users.data ?? [])
                  .filter((user) => user.id !== userId)
                  .map((user) => (
                    <Checkbox.Root
                      key={user.id}
                      checked={field.value.includes(user.id)}
                      onCheckedChange={(details) =>
                        field.onChange(details.checked ? [...field.value, user.id] : field.value.filter((id) => id !== user.id))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{user.name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
              </Stack>
            )}
          />
          {errors.users?.message && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {t(errors.users.message as MessageKey)}
            </Text>
          )}
        </Stack>
      </Stack>
    </FormModal>
  );
}
