import { CONTACT_NAME_MAX, CONTACT_NAME_MIN, CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN } from '@app/contracts';
import { z } from 'zod';

/**
 * The contact form, one schema for the contacts page's dialog and the ticket drawer's editor
 * (spec 1 section 5): name 2 to 50, number 8 to 50, a valid e-mail, extra info.
 * Messages are i18n keys ('Too Short!', 'Too Long!', 'Required', 'Invalid email' in every language).
 */
export const contactFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'contacts.validation.required', abort: true })
    .min(CONTACT_NAME_MIN, 'contacts.validation.tooShort')
    .max(CONTACT_NAME_MAX, 'contacts.validation.tooLong'),
  number: z
    .string()
    .trim()
    .min(1, { message: 'contacts.validation.required', abort: true })
    .min(CONTACT_NUMBER_MIN, 'contacts.validation.tooShort')
    .max(CONTACT_NUMBER_MAX, 'contacts.validation.tooLong'),
  email: z.union([z.literal(''), z.email('contacts.validation.invalidEmail')]),
  extraInfo: z.array(
    z.object({ id: z.number().optional(), name: z.string().trim().min(1, 'contacts.validation.required'), value: z.string() }),
  ),
});

export type ContactFormValues = z.infer<typeof contactFormSchema>;
/** A message key of the schema above, for `t()`. */
export type ContactFormMessageKey = `contacts.validation.${'required' | 'tooShort' | 'tooLong' | 'invalidEmail'}`;
