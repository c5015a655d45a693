import {
  CONTACT_LIST_ITEM_COMPANY_FIELDS,
  CONTACT_LIST_ITEM_NAME_MAX,
  CONTACT_LIST_ITEM_NAME_MIN,
  CONTACT_LIST_ITEM_NUMBER_MAX,
  CONTACT_LIST_ITEM_NUMBER_MIN,
  CONTACT_LIST_NAME_MAX,
  CONTACT_LIST_NAME_MIN,
  type ContactListItem,
  type ContactListItemCompanyField,
  type ContactListItemCreateBody,
} from '@app/contracts';
import { z } from 'zod';

/** Spec 2: a list's name is required, 2 to 50 ('Required', 'Too Short!', 'Too Long!'). Messages are i18n keys. */
export const contactListFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'contactLists.validation.required', abort: true })
    .min(CONTACT_LIST_NAME_MIN, 'contactLists.validation.tooShort')
    .max(CONTACT_LIST_NAME_MAX, 'contactLists.validation.tooLong'),
});
export type ContactListFormValues = z.infer<typeof contactListFormSchema>;

const optionalText = z.string().trim().max(2_000, 'contactLists.validation.tooLong');

/** Spec 2: an item's name 2 to 50, number 8 to 50, a valid email ('Invalid email'); the company fields free. */
export const contactListItemFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'contactLists.validation.required', abort: true })
    .min(CONTACT_LIST_ITEM_NAME_MIN, 'contactLists.validation.tooShort')
    .max(CONTACT_LIST_ITEM_NAME_MAX, 'contactLists.validation.tooLong'),
  number: z
    .string()
    .trim()
    .min(1, { message: 'contactLists.validation.required', abort: true })
    .min(CONTACT_LIST_ITEM_NUMBER_MIN, 'contactLists.validation.tooShort')
    .max(CONTACT_LIST_ITEM_NUMBER_MAX, 'contactLists.validation.tooLong'),
  email: z.union([z.literal(''), z.email('contactLists.validation.invalidEmail')]),
  ...(Object.fromEntries(CONTACT_LIST_ITEM_COMPANY_FIELDS.map((field) => [field, optionalText])) as Record<
    ContactListItemCompanyField,
    typeof optionalText
  >),
});
export type ContactListItemFormValues = z.infer<typeof contactListItemFormSchema>;

export function contactListItemFormDefaults(item: ContactListItem | null): ContactListItemFormValues {
  return {
    name: item?.name ?? '',
    number: item?.number ?? '',
    email: item?.email ?? '',
    ...(Object.fromEntries(CONTACT_LIST_ITEM_COMPANY_FIELDS.map((field) => [field, item?.[field] ?? ''])) as Record<
      ContactListItemCompanyField,
      string
    >),
  };
}

export function toContactListItemBody(values: ContactListItemFormValues, contactListId: number): ContactListItemCreateBody {
  return { ...values, contactListId };
}

/** The address columns: empty ones read 'Não informado' (spec 2). */
export const ADDRESS_FIELDS: readonly ContactListItemCompanyField[] = [
  'DescricaoTipoLogradouro',
  'Logradouro',
  'Numero',
  'Complemento',
  'Bairro',
  'Cep',
  'UF',
  'Municipio',
];
