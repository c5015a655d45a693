import { Icon, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useDeleteUser } from '../api/delete-user';
import { useUser } from '../api/get-user';
import { useUsers } from '../api/get-users';
import { useUsersRealtime } from '../hooks/use-users-realtime';
import type { UserRow } from '../types';
import { UserModal } from './user-modal';

/** Spec section 9: user searches are debounced 500 ms. */
export const USERS_SEARCH_DEBOUNCE_MS = 500;

type UsersListProps = {
  companyId: number;
  /** The signed-in user: their own row has no delete button (nobody deletes themselves). */
  currentUserId: number;
  canEditProfile: boolean;
  canEditQueues: boolean;
};

/** /users: search, add, the table (id, online, name, e-mail, profile, edit, delete), infinite scroll. */
export function UsersList({ companyId, currentUserId, canEditProfile, canEditQueues }: UsersListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), USERS_SEARCH_DEBOUNCE_MS);
  const usersQuery = useUsers(searchParam);
  const deleteUser = useDeleteUser();
  const dialogs = useRecordDialogs<UserRow>({ remove: deleteUser, deletedMessage: t('users.toasts.deleted') });
  const editingId = dialogs.editing?.record?.id ?? null;
  const editingQuery = useUser(editingId);
  useUsersRealtime(companyId);

  const users = usersQuery.data?.pages.flatMap((page) => page.users) ?? [];

  const edited = dialogs.editing?.record;
  const editedUser = edited ? (editingQuery.data ?? edited) : null;

  return (
    <Stack gap="4">
      <ListToolbar
        search={search}
        onSearchChange={setSearch}
        searchTestId="users-search"
        searchName="searchParam"
        searchPlaceholder={t('users.searchPlaceholder')}
        addLabel={t('users.buttons.add')}
        onAdd={dialogs.add}
        addTestId="users-add"
      />

      <DataTable
        testId="users-table"
        rowTestId="users-row"
        emptyTestId="users-empty"
        busy={usersQuery.isFetching}
        rows={users}
        rowKey={(user) => user.id}
        rowProps={(user) => ({ 'data-user-id': user.id })}
        loading={usersQuery.isPending}
        columns={[
          { header: t('users.table.id'), cell: (user) => user.id },
          {
            header: t('users.table.status'),
            cell: (user) => (
              <Icon
                as={user.online ? LuCircleCheck : LuCircleX}
                color={user.online ? 'green.solid' : 'fg.subtle'}
                boxSize="4"
                aria-label={user.online ? t('common.online') : t('common.offline')}
                data-online={user.online ? 'true' : 'false'}
              />
            ),
          },
          { header: t('users.table.name'), cell: (user) => user.name },
          { header: t('users.table.email'), cell: (user) => user.email },
          { header: t('users.table.profile'), cell: (user) => t(`users.profiles.${user.profile}` as 'users.profiles.user', user.profile) },
        ]}
        actions={(user) => (
          <RowActions
            onEdit={() => dialogs.edit(user)}
            onDelete={user.id === currentUserId ? undefined : () => dialogs.askDelete(user)}
            editTestId="users-edit"
            deleteTestId="users-delete"
          />
        )}
      />

      <InfiniteListFooter query={usersQuery} showLoadMore />

      <UserModal
        open={dialogs.editing !== null}
        user={editedUser}
        canEditProfile={canEditProfile}
        canEditQueues={canEditQueues}
        onClose={dialogs.closeEditor}
      />
      <ConfirmDialog {...dialogs.deleteDialog} title={t('users.confirmDeleteTitle', { name: dialogs.deleting?.name ?? '' })} />
    </Stack>
  );
}
