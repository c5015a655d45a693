import { CONTACT_NAME_MAX, CONTACT_NAME_MIN, CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN, TICKET_NOTE_MIN } from '@app/contracts';
import { z } from 'zod';

/**
 * The contact form (spec 1 section 5): name 2 to 50, number 8 to 50, a valid e-mail, extra info.
 * Messages are i18n keys ('Too Short!', 'Too Long!', 'Required', 'Invalid email' in every language).
 */
export const contactFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'tickets.contact.validation.required', abort: true })
    .min(CONTACT_NAME_MIN, 'tickets.contact.validation.tooShort')
    .max(CONTACT_NAME_MAX, 'tickets.contact.validation.tooLong'),
  number: z
    .string()
    .trim()
    .min(1, { message: 'tickets.contact.validation.required', abort: true })
    .min(CONTACT_NUMBER_MIN, 'tickets.contact.validation.tooShort')
    .max(CONTACT_NUMBER_MAX, 'tickets.contact.validation.tooLong'),
  email: z.union([z.literal(''), z.email('tickets.contact.validation.invalidEmail')]),
  extraInfo: z.array(
    z.object({
      id: z.number().optional(),
      name: z.string().trim().min(1, 'tickets.contact.validation.required'),
      value: z.string(),
    }),
  ),
});

export type ContactFormValues = z.infer<typeof contactFormSchema>;

/** Ticket note (spec 1 section 5): required, at least 2 characters. */
export const ticketNoteSchema = z
  .string()
  .trim()
  .min(1, { message: 'tickets.contact.validation.noteRequired', abort: true })
  .min(TICKET_NOTE_MIN, 'tickets.contact.validation.noteTooShort');
