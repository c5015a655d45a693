import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuTrash2 } from 'react-icons/lu';

import { FormModal } from '@/components/ui/form-modal';
import { toastSuccess } from '@/components/ui/toaster';

import { announcementFormSchema, type AnnouncementFormValues, useSaveAnnouncement } from '../api/save-announcement';
import { ANNOUNCEMENT_MEDIA_EXTENSIONS, type AnnouncementResponse } from '../types';
import { isAllowedAttachment } from '../utils/priority';

type AnnouncementModalProps = {
  open: boolean;
  announcement: AnnouncementResponse | null;
  onClose: () => void;
};

function toFormValues(announcement: AnnouncementResponse | null): AnnouncementFormValues {
  return {
    title: announcement?.title ?? '',
    text: announcement?.text ?? '',
    priority: String(announcement?.priority ?? 3) as AnnouncementFormValues['priority'],
    status: announcement?.status === false ? 'false' : 'true',
  };
}

/** Add or edit an announcement: title, text, priority, status and one .png/.jpg/.jpeg attachment. */
export function AnnouncementModal({ open, announcement, onClose }: AnnouncementModalProps) {
  const { t } = useTranslation();
  const saveAnnouncement = useSaveAnnouncement();
  const [attachment, setAttachment] = useState<File | 'remove' | null>(null);
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementFormValues>({ resolver: zodResolver(announcementFormSchema), values: toFormValues(announcement) });

  function handleClose() {
    setAttachment(null);
    setAttachmentError(null);
    onClose();
  }

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAllowedAttachment(file.name)) {
      setAttachmentError(t('announcements.validation.fileType'));
      return;
    }
    setAttachmentError(null);
    setAttachment(file);
  }

  async function handleValid(values: AnnouncementFormValues) {
    try {
      await saveAnnouncement.mutateAsync({ id: announcement?.id ?? null, values, attachment });
      toastSuccess(t('common.operationSuccess'));
      handleClose();
    } catch {
      // The mutation cache shows the error.
    }
  }

  const currentName = attachment instanceof File ? attachment.name : attachment === 'remove' ? null : announcement?.mediaName;
  const message = (key: string | undefined) => (key ? t(key as 'validation.required') : undefined);

  return (
    <FormModal
      open={open}
      onClose={handleClose}
      title={announcement ? t('announcements.modal.editTitle') : t('announcements.modal.addTitle')}
      onSubmit={handleSubmit(handleValid)}
      submitting={isSubmitting}
      submitLabel={announcement ? t('common.save') : t('common.add')}
      testId="announcement-modal"
      submitTestId="announcement-save"
      size="lg"
      placement="top"
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.title} required>
          <Field.Label>{t('announcements.modal.title')}</Field.Label>
          <Input {...register('title')} autoFocus />
          <Field.ErrorText>{message(errors.title?.message)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.text} required>
          <Field.Label>{t('announcements.modal.text')}</Field.Label>
          <Textarea {...register('text')} rows={5} />
          <Field.ErrorText>{message(errors.text?.message)}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={2} gap="4">
          <Field.Root>
            <Field.Label>{t('announcements.modal.priority')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('priority')}>
                <option value="1">{t('announcements.priorities.1')}</option>
                <option value="2">{t('announcements.priorities.2')}</option>
                <option value="3">{t('announcements.priorities.3')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('announcements.modal.status')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('status')}>
                <option value="true">{t('announcements.status.active')}</option>
                <option value="false">{t('announcements.status.inactive')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!attachmentError}>
          <Field.Label>{t('announcements.modal.attachment')}</Field.Label>
          <HStack gap="2">
            <Button as="label" variant="outline" size="sm" cursor="pointer">
              <LuPaperclip /> {t('announcements.modal.chooseFile')}
              <input
                type="file"
                hidden
                accept={ANNOUNCEMENT_MEDIA_EXTENSIONS.join(',')}
                onChange={handleFileChange}
                data-testid="announcement-file"
              />
            </Button>
            {currentName && (
              <>
                <Text fontSize="sm" truncate>
                  {currentName}
                </Text>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setAttachment('remove')}
                  aria-label={t('common.delete')}
                >
                  <LuTrash2 />
                </Button>
              </>
            )}
          </HStack>
          <Field.ErrorText>{attachmentError}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormModal>
  );
}
