import { userResponseSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import type { UserRow } from '../types';
import { usersQueryKey } from './get-users';

const name = z.string().trim().min(1, 'validation.required').min(2, 'validation.tooShort').max(50, 'validation.tooLong');
const email = z.string().trim().toLowerCase().min(1, 'validation.required').pipe(z.email('validation.invalidEmail'));

/** The user modal (spec section 5): name 2 to 50, password 5 to 50, a valid e-mail. Messages are i18n keys. */
export function userFormSchema(mode: 'create' | 'edit') {
  const password =
    mode === 'create'
      ? z.string().min(1, 'validation.required').min(5, 'validation.tooShort').max(50, 'validation.tooLong')
      : z.union([z.literal(''), z.string().min(5, 'validation.tooShort').max(50, 'validation.tooLong')]);
  return z.object({
    name,
    email,
    password,
    profile: z.enum(['admin', 'supervisor', 'user']),
    allTicket: z.enum(['enabled', 'desabled']),
    whatsappId: z.string(),
    queueIds: z.array(z.number().int()),
  });
}

export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>;

/** `PUT /api/users/{id}` and `POST /api/users` body (spec section 7). */
export type UserSaveInput = {
  name: string;
  email: string;
  password?: string;
  profile?: UserFormValues['profile'];
  allTicket?: UserFormValues['allTicket'];
  whatsappId?: number | null;
  queueIds?: number[];
};

type FieldGates = { editProfile: boolean; editQueues: boolean };

/**
 * What the modal sends: fields the user may not edit are left out (the server keeps them); an empty
 * password on edit means "unchanged".
 */
export function toUserSaveInput(values: UserFormValues, gates: FieldGates): UserSaveInput {
  const input: UserSaveInput = { name: values.name, email: values.email };
  if (values.password) input.password = values.password;
  if (gates.editProfile) {
    input.profile = values.profile;
    input.allTicket = values.allTicket;
    input.whatsappId = values.whatsappId ? Number(values.whatsappId) : null;
  }
  if (gates.editQueues) input.queueIds = values.queueIds;
  return input;
}

export function createUser(input: UserSaveInput): Promise<UserRow> {
  return api.post('/users', input, { schema: userResponseSchema });
}

export function updateUser(userId: number, input: UserSaveInput): Promise<UserRow> {
  return api.put(`/users/${userId}`, input, { schema: userResponseSchema });
}

/** Creates (no id) or updates a user, then refreshes the user lists. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number | null; input: UserSaveInput }) =>
      userId === null ? createUser(input) : updateUser(userId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
