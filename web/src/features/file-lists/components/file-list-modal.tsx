import type { FileListRecord } from '@app/contracts';
import { Badge, Button, Field, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuPlus, LuTrash2 } from 'react-icons/lu';

import { FormModal } from '@/components/ui/form-modal';
import { toastSuccess } from '@/components/ui/toaster';

import { useSaveFileList } from '../api/save-file-list';
import { fileListFormDefaults, fileListFormSchema, type FileListFormValues, toFileListBody } from '../utils/file-list-form';

type FileListModalProps = {
  /** The file list to edit; null adds one. */
  fileList: FileListRecord | null;
  onClose: () => void;
};
type MessageKey = 'validation.required';

/** Adds or edits a file list: name, message and its attachments (each named, each with its file). */
export function FileListModal({ fileList, onClose }: FileListModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveFileList();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FileListFormValues>({ resolver: zodResolver(fileListFormSchema), defaultValues: fileListFormDefaults(fileList) });
  const options = useFieldArray({ control, name: 'options', keyName: 'key' });
  // The file chosen for each option, by position (null: the option keeps the file it has).
  const [chosenFiles, setChosenFiles] = useState<(File | null)[]>(() => options.fields.map(() => null));
  const fileInput = useRef<HTMLInputElement>(null);
  // Once saved (even if its files then failed), the list is edited, not created again.
  const [savedId, setSavedId] = useState<number | undefined>(fileList?.id);
  const fileAt = (index: number): File | null => chosenFiles[index] ?? null;

  function handleAddFiles(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    options.append(chosen.map((file) => ({ name: file.name.replace(/\.[^.]+$/, ''), fileName: file.name, mediaType: null })));
    setChosenFiles((current) => [...current, ...chosen]);
  }

  function handleRemove(index: number) {
    setChosenFiles((current) => current.filter((_, position) => position !== index));
    options.remove(index);
  }

  async function handleSave(values: FileListFormValues) {
    await saveMutation.mutateAsync({
      id: savedId,
      body: toFileListBody(values),
      files: values.options.map((_, index) => fileAt(index)),
      onSaved: (saved) => setSavedId(saved.id),
    });
    toastSuccess(t('fileLists.toasts.saved'));
    onClose();
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={fileList ? t('fileLists.modal.editTitle') : t('fileLists.modal.addTitle')}
      onSubmit={handleSubmit((values) => handleSave(values).catch(() => undefined))}
      submitting={saveMutation.isPending}
      submitLabel={fileList ? t('common.save') : t('common.add')}
      testId="file-list-modal"
      submitTestId="file-list-save"
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>{t('fileLists.fields.name')}</Field.Label>
          <Input {...register('name')} autoFocus data-testid="file-list-name" />
          {errors.name?.message && <Field.ErrorText>{t(errors.name.message as MessageKey)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.message} required>
          <Field.Label>{t('fileLists.fields.message')}</Field.Label>
          <Textarea {...register('message')} rows={3} data-testid="file-list-message" />
          {errors.message?.message && <Field.ErrorText>{t(errors.message.message as MessageKey)}</Field.ErrorText>}
        </Field.Root>
        <Stack gap="2" data-testid="file-list-options">
          <Text fontWeight="medium">{t('fileLists.fields.attachments')}</Text>
          {options.fields.map((option, index) => (
            <HStack key={option.key} gap="2" data-testid="file-list-option">
              <Field.Root invalid={!!errors.options?.[index]?.name} flex="1">
                <Input {...register(`options.${index}.name`)} size="sm" aria-label={t('fileLists.fields.attachmentName')} />
              </Field.Root>
              <Badge variant="subtle" data-testid="file-list-option-file">
                {fileAt(index)?.name ?? option.fileName ?? t('fileLists.noFile')}
              </Badge>
              {option.mediaType && <Badge colorPalette="brand">{t(`fileLists.mediaTypes.${option.mediaType as 'image'}`)}</Badge>}
              <IconButton size="xs" variant="ghost" aria-label={t('common.delete')} onClick={() => handleRemove(index)}>
                <LuTrash2 />
              </IconButton>
            </HStack>
          ))}
          <input ref={fileInput} type="file" multiple hidden onChange={handleAddFiles} data-testid="file-list-file-input" />
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() => fileInput.current?.click()}
            data-testid="file-list-attach"
          >
            <LuPaperclip /> <LuPlus /> {t('fileLists.buttons.attach')}
          </Button>
        </Stack>
      </Stack>
    </FormModal>
  );
}
