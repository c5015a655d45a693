import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/ui/form-modal';
import { PasswordInput } from '@/components/ui/password-input';
import { toastSuccess } from '@/components/ui/toaster';

import { useConnectionOptions, useQueueOptions } from '../api/get-user-options';
import { toUserSaveInput, userFormSchema, type UserFormValues, useSaveUser } from '../api/save-user';
import type { UserRow } from '../types';

type UserModalProps = {
  open: boolean;
  /** The user to edit; null creates one. */
  user: UserRow | null;
  /** Permission `user-modal:editProfile`: profile, connection and allTicket. */
  canEditProfile: boolean;
  /** Permission `user-modal:editQueues`. */
  canEditQueues: boolean;
  onClose: () => void;
};

function toFormValues(user: UserRow | null): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile === 'admin' || user?.profile === 'supervisor' ? user.profile : 'user',
    allTicket: user?.allTicket === 'enabled' ? 'enabled' : 'desabled',
    whatsappId: user?.whatsappId ? String(user.whatsappId) : '',
    queueIds: user?.queues?.map((queue) => queue.id) ?? [],
  };
}

/** Add or edit a user: name, password, e-mail, profile, queues, connection, allTicket. */
export function UserModal({ open, user, canEditProfile, canEditQueues, onClose }: UserModalProps) {
  const { t } = useTranslation();
  const mode = user ? 'edit' : 'create';
  const schema = useMemo(() => userFormSchema(mode), [mode]);
  const saveUser = useSaveUser();
  const queues = useQueueOptions(open && canEditQueues);
  const connections = useConnectionOptions(open && canEditProfile);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({ resolver: zodResolver(schema), values: toFormValues(user) });

  async function handleValid(values: UserFormValues) {
    try {
      await saveUser.mutateAsync({
        userId: user?.id ?? null,
        input: toUserSaveInput(values, { editProfile: canEditProfile, editQueues: canEditQueues }),
      });
      toastSuccess(t('users.toasts.saved'));
      onClose();
    } catch {
      // The mutation cache shows the error.
    }
  }

  const message = (key: string | undefined) => (key ? t(key as 'validation.required') : undefined);

  return (
    <FormModal
      open={open}
      onClose={onClose}
      scrollBehavior="inside"
      title={user ? t('users.modal.editTitle') : t('users.modal.addTitle')}
      onSubmit={handleSubmit(handleValid)}
      submitting={isSubmitting}
      submitLabel={user ? t('common.save') : t('common.add')}
      testId="user-modal"
      submitTestId="user-modal-save"
      size="lg"
      placement="top"
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>{t('users.modal.name')}</Field.Label>
            <Input {...register('name')} autoFocus />
            <Field.ErrorText>{message(errors.name?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.password} required={mode === 'create'}>
            <Field.Label>{t('users.modal.password')}</Field.Label>
            <PasswordInput {...register('password')} autoComplete="new-password" />
            {mode === 'edit' && !errors.password && <Field.HelperText>{t('users.modal.passwordHint')}</Field.HelperText>}
            <Field.ErrorText>{message(errors.password?.message)}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>{t('users.modal.email')}</Field.Label>
            <Input {...register('email')} type="email" autoCapitalize="none" />
            <Field.ErrorText>{message(errors.email?.message)}</Field.ErrorText>
          </Field.Root>
          {canEditProfile && (
            <Field.Root>
              <Field.Label>{t('users.modal.profile')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('profile')}>
                  <option value="admin">{t('users.profiles.admin')}</option>
                  <option value="supervisor">{t('users.profiles.supervisor')}</option>
                  <option value="user">{t('users.profiles.user')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
        </SimpleGrid>

        {canEditQueues && (
          // Not a Field: each checkbox needs its own input id, which a Field would share.
          <Stack gap="1.5" role="group" aria-labelledby="user-modal-queues">
            <Text id="user-modal-queues" fontSize="sm" fontWeight="medium">
              {t('users.modal.queues')}
            </Text>
            <Controller
              control={control}
              name="queueIds"
              render={({ field }) => (
                <Stack gap="1" data-testid="user-queues">
                  {(queues.data ?? []).map((queue) => (
                    <Checkbox.Root
                      key={queue.id}
                      checked={field.value.includes(queue.id)}
                      onCheckedChange={(details) =>
                        field.onChange(details.checked ? [...field.value, queue.id] : field.value.filter((id) => id !== queue.id))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{queue.name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                  {(queues.data ?? []).length === 0 && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('users.modal.noQueues')}
                    </Text>
                  )}
                </Stack>
              )}
            />
          </Stack>
        )}

        {canEditProfile && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root>
              <Field.Label>{t('users.modal.connection')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('whatsappId')}>
                  <option value="">{t('users.modal.noConnection')}</option>
                  {(connections.data ?? []).map((connection) => (
                    <option key={connection.id} value={String(connection.id)}>
                      {connection.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('users.modal.allTicket')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('allTicket')}>
                  <option value="enabled">{t('common.enabled')}</option>
                  <option value="desabled">{t('common.disabled')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
        )}
      </Stack>
    </FormModal>
  );
}
