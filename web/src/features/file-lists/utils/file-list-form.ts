import { FILE_LIST_MESSAGE_MAX, FILE_LIST_NAME_MAX, FILE_LIST_NAME_MIN, type FileListBody, type FileListRecord } from '@app/contracts';
import { z } from 'zod';

/** Spec 2: name at least 3 ('nome muito curto'); name and message required ('Obrigatório'). Messages are i18n keys. */
export const fileListFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(FILE_LIST_NAME_MIN, 'fileLists.validation.nameTooShort')
    .max(FILE_LIST_NAME_MAX, 'validation.tooLong'),
  message: z.string().trim().min(1, 'validation.required').max(FILE_LIST_MESSAGE_MAX, 'validation.tooLong'),
  options: z.array(
    z.object({
      id: z.number().optional(),
      name: z.string().trim().min(1, 'validation.required').max(255, 'validation.tooLong'),
      /** The attached file's own name, when it has one. */
      fileName: z.string().nullable(),
      mediaType: z.string().nullable(),
    }),
  ),
});
export type FileListFormValues = z.infer<typeof fileListFormSchema>;

export function fileListFormDefaults(fileList: FileListRecord | null): FileListFormValues {
  return {
    name: fileList?.name ?? '',
    message: fileList?.message ?? '',
    options: (fileList?.options ?? []).map((option) => ({
      id: option.id,
      name: option.name,
      fileName: option.fileName,
      mediaType: option.mediaType,
    })),
  };
}

export function toFileListBody(values: FileListFormValues): FileListBody {
  return { name: values.name, message: values.message, options: values.options.map((option) => ({ id: option.id, name: option.name })) };
}
