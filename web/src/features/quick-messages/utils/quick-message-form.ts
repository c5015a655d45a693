import { QUICK_MESSAGE_MESSAGE_MAX, QUICK_MESSAGE_SHORTCODE_MAX, type QuickMessage, type QuickMessageCreateBody } from '@app/contracts';
import { z } from 'zod';

/** The quick message dialog (spec 2): the shortcode is required ('Obrigatório'). Messages are i18n keys. */
export const quickMessageFormSchema = z.object({
  shortcode: z.string().trim().min(1, 'validation.required').max(QUICK_MESSAGE_SHORTCODE_MAX, 'validation.tooLong'),
  message: z.string().max(QUICK_MESSAGE_MESSAGE_MAX, 'validation.tooLong'),
  geral: z.boolean(),
});
export type QuickMessageFormValues = z.infer<typeof quickMessageFormSchema>;

export function quickMessageFormDefaults(quickMessage: QuickMessage | null): QuickMessageFormValues {
  return { shortcode: quickMessage?.shortcode ?? '', message: quickMessage?.message ?? '', geral: quickMessage?.geral ?? false };
}

/** What the dialog sends; `geral` only from admins (the server keeps it from no one else). */
export function toQuickMessageBody(values: QuickMessageFormValues, canSetGeneral: boolean): QuickMessageCreateBody {
  return { shortcode: values.shortcode, message: values.message, ...(canSetGeneral ? { geral: values.geral } : {}) };
}

/** Spec 2 section 6: admins and supervisors change any quick message, a user only their own private ones. */
export function canChangeQuickMessage(
  quickMessage: Pick<QuickMessage, 'geral' | 'userId'>,
  user: { id: number },
  canEditAny: boolean,
): boolean {
  return canEditAny || (!quickMessage.geral && quickMessage.userId === user.id);
}
