import { CONTACT_MESSAGE_VARIABLES, MEDIA_UPLOAD_TYPES, type QuickMessage } from '@app/contracts';
import { Button, Checkbox, Field, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuX } from 'react-icons/lu';

import { MessageVariables } from '@/components/form/message-variables';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormModal } from '@/components/ui/form-modal';
import { saveAndClose } from '@/components/ui/save-and-close';
import { isApiError } from '@/lib/api-client';

import { useSaveQuickMessage } from '../api/save-quick-message';
import {
  quickMessageFormDefaults,
  quickMessageFormSchema,
  type QuickMessageFormValues,
  toQuickMessageBody,
} from '../utils/quick-message-form';

type QuickMessageModalProps = {
  /** The quick message to edit; null adds one. */
  quickMessage: QuickMessage | null;
  /** quick-messages:setGeneral (admins): the 'general' selector is shown. */
  canSetGeneral: boolean;
  onClose: () => void;
};
type MessageKey = 'validation.required';

/** Adds or edits a quick message: shortcode, message, 'general' for admins, and at most one attachment. */
export function QuickMessageModal({ quickMessage, canSetGeneral, onClose }: QuickMessageModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveQuickMessage();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const messageInput = useRef<HTMLTextAreaElement | null>(null);
  /** The attachment change to send with the save: a new file, null to remove the current one. */
  const [media, setMedia] = useState<File | null | undefined>(undefined);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const mediaName = media === undefined ? quickMessage?.mediaName : media?.name;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<QuickMessageFormValues>({
    resolver: zodResolver(quickMessageFormSchema),
    defaultValues: quickMessageFormDefaults(quickMessage),
  });

  const handleSave = (values: QuickMessageFormValues) =>
    saveAndClose(
      saveMutation,
      { id: quickMessage?.id, body: toQuickMessageBody(values, canSetGeneral), media },
      {
        saved: t('quickMessages.toasts.saved'),
        onClose,
        onError: (error) => {
          // A shortcode already among those one user picks from is refused as a tag's taken name is.
          const taken = isApiError(error) && error.fields?.some((field) => field.path === 'shortcode');
          if (taken) setError('shortcode', { message: 'quickMessages.validation.shortcodeExists' });
          return Boolean(taken);
        },
      },
    );
  const messageRegistration = register('message');

  function handleFileChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    // One attachment: a new one replaces the one chosen before.
    if (file) setMedia(file);
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={quickMessage ? t('quickMessages.modal.editTitle') : t('quickMessages.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending}
      submitLabel={quickMessage ? t('common.save') : t('common.add')}
      testId="quick-message-modal"
      submitTestId="quick-message-save"
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.shortcode} required>
          <Field.Label>{t('quickMessages.fields.shortcode')}</Field.Label>
          <Input {...register('shortcode')} autoFocus data-testid="quick-message-shortcode" />
          {errors.shortcode?.message && (
            <Field.ErrorText data-testid="quick-message-shortcode-error">{t(errors.shortcode.message as MessageKey)}</Field.ErrorText>
          )}
        </Field.Root>
        <Field.Root invalid={!!errors.message}>
          <Field.Label>{t('quickMessages.fields.message')}</Field.Label>
          <Textarea
            rows={5}
            {...messageRegistration}
            ref={(element) => {
              messageRegistration.ref(element);
              messageInput.current = element;
            }}
            data-testid="quick-message-message"
          />
          <MessageVariables
            variables={CONTACT_MESSAGE_VARIABLES}
            input={() => messageInput.current}
            onInsert={(text) => setValue('message', text, { shouldDirty: true })}
            testId="quick-message-variables"
          />
          {errors.message?.message && <Field.ErrorText>{t(errors.message.message as MessageKey)}</Field.ErrorText>}
        </Field.Root>
        {canSetGeneral && (
          <Controller
            control={control}
            name="geral"
            render={({ field }) => (
              <Checkbox.Root
                checked={field.value}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                data-testid="quick-message-geral"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('quickMessages.fields.geral')}</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        )}
        <Field.Root>
          <Field.Label>{t('quickMessages.fields.attachment')}</Field.Label>
          <HStack w="full" gap="2">
            <Text
              fontSize="sm"
              flex="1"
              minW="0"
              truncate
              color={mediaName ? undefined : 'fg.muted'}
              data-testid="quick-message-media-name"
            >
              {mediaName || t('quickMessages.noAttachment')}
            </Text>
            {mediaName && (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('quickMessages.buttons.removeAttachment')}
                title={t('quickMessages.buttons.removeAttachment')}
                onClick={() => setConfirmingRemoval(true)}
                data-testid="quick-message-media-remove"
              >
                <LuX />
              </IconButton>
            )}
            <Button size="xs" variant="outline" onClick={() => fileInput.current?.click()} data-testid="quick-message-media-attach">
              <LuPaperclip /> {t('quickMessages.buttons.attach')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={MEDIA_UPLOAD_TYPES.join(',')}
              hidden
              onChange={handleFileChosen}
              data-testid="quick-message-media-input"
            />
          </HStack>
        </Field.Root>
      </Stack>
      <ConfirmDialog
        open={confirmingRemoval}
        title={t('quickMessages.confirmRemoveAttachment')}
        testId="quick-message-media-confirm"
        confirmTestId="quick-message-media-confirm-yes"
        onConfirm={() => {
          setMedia(null);
          setConfirmingRemoval(false);
        }}
        onClose={() => setConfirmingRemoval(false)}
      />
    </FormModal>
  );
}
