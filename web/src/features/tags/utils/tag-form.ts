import { TAG_NAME_MAX, TAG_NAME_MIN, type TagCreateBody, type TagDetail } from '@app/contracts';
import { z } from 'zod';

/** The tag dialog (spec 2): name required ('Obrigatório') and at least 3 characters ('Mensagem muito curta'). Messages are i18n keys. */
export const tagFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(TAG_NAME_MIN, 'tags.validation.tooShort')
    .max(TAG_NAME_MAX, 'validation.tooLong'),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{3,8}$/, 'tags.validation.color'),
  kanban: z.boolean(),
});
export type TagFormValues = z.infer<typeof tagFormSchema>;

export const DEFAULT_TAG_COLOR = '#A4CCCC';

export function tagFormDefaults(tag: TagDetail | null): TagFormValues {
  return { name: tag?.name ?? '', color: tag?.color ?? DEFAULT_TAG_COLOR, kanban: tag?.kanban === 1 };
}

/** What the dialog sends; the kanban flag only from those who may set it (the server ignores it from others). */
export function toTagBody(values: TagFormValues, canEditKanban: boolean): TagCreateBody {
  return { name: values.name, color: values.color, ...(canEditKanban ? { kanban: values.kanban ? 1 : 0 } : {}) };
}
