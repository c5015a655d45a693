import { Box, Button, Center, Field, Flex, HStack, Icon, IconButton, Input, InputGroup, Spinner, Stack, Table } from '@chakra-ui/react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuCircleX, LuPencil, LuPlus, LuSearch, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useNearBottom } from '@/hooks/use-near-bottom';
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
  canEditProfile: boolean;
  canEditQueues: boolean;
};

type ModalState = { open: false } | { open: true; user: UserRow | null };

/** /users: search, add, the table (id, online, name, e-mail, profile, edit, delete), infinite scroll. */
export function UsersList({ companyId, canEditProfile, canEditQueues }: UsersListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), USERS_SEARCH_DEBOUNCE_MS);
  const usersQuery = useUsers(searchParam);
  const deleteUser = useDeleteUser();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const editingId = modal.open && modal.user ? modal.user.id : null;
  const editingQuery = useUser(editingId);
  useUsersRealtime(companyId);

  const users = usersQuery.data?.pages.flatMap((page) => page.users) ?? [];
  const canLoadMore = !!usersQuery.hasNextPage && !usersQuery.isFetchingNextPage;
  const sentinelRef = useNearBottom<HTMLDivElement>(handleLoadMore, canLoadMore);

  function handleSearchChange(event: ChangeEvent<HTMLInputElement>) {
    setSearch(event.target.value);
  }

  function handleLoadMore() {
    if (canLoadMore) void usersQuery.fetchNextPage();
  }

  function handleAdd() {
    setModal({ open: true, user: null });
  }

  function handleEdit(user: UserRow) {
    setModal({ open: true, user });
  }

  function handleCloseModal() {
    setModal({ open: false });
  }

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync(deleting.id);
      toastSuccess(t('users.toasts.deleted'));
    } finally {
      setDeleting(null);
    }
  }

  const editedUser = modal.open ? (modal.user ? (editingQuery.data ?? modal.user) : null) : null;

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" justify="space-between">
        <Field.Root maxW="sm">
          <Field.Label srOnly>{t('common.search')}</Field.Label>
          <InputGroup startElement={<LuSearch />}>
            <Input
              type="search"
              name="searchParam"
              value={search}
              onChange={handleSearchChange}
              placeholder={t('users.searchPlaceholder')}
              data-testid="users-search"
            />
          </InputGroup>
        </Field.Root>
        <Button colorPalette="brand" onClick={handleAdd} data-testid="users-add">
          <LuPlus /> {t('users.buttons.add')}
        </Button>
      </Flex>

      <Box borderWidth="1px" borderRadius="md" bg="bg" overflowX="auto">
        <Table.Root size="sm" data-testid="users-table" aria-busy={usersQuery.isFetching}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('users.table.id')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.table.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.table.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.table.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.table.profile')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {users.map((user) => (
              <Table.Row key={user.id} data-testid="users-row" data-user-id={user.id}>
                <Table.Cell>{user.id}</Table.Cell>
                <Table.Cell>
                  <Icon
                    as={user.online ? LuCircleCheck : LuCircleX}
                    color={user.online ? 'green.solid' : 'fg.subtle'}
                    boxSize="4"
                    aria-label={user.online ? t('common.online') : t('common.offline')}
                    data-online={user.online ? 'true' : 'false'}
                  />
                </Table.Cell>
                <Table.Cell>{user.name}</Table.Cell>
                <Table.Cell>{user.email}</Table.Cell>
                <Table.Cell>{t(`users.profiles.${user.profile}` as 'users.profiles.user', user.profile)}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1" justify="flex-end">
                    <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} onClick={() => handleEdit(user)} data-testid="users-edit">
                      <LuPencil />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('common.delete')}
                      onClick={() => setDeleting(user)}
                      data-testid="users-delete"
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
            {usersQuery.isPending && (
              <Table.Row>
                <Table.Cell colSpan={6}>
                  <Center py="4">
                    <Spinner size="sm" aria-label={t('common.loading')} />
                  </Center>
                </Table.Cell>
              </Table.Row>
            )}
            {!usersQuery.isPending && users.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={6} textAlign="center" color="fg.muted" data-testid="users-empty">
                  {t('common.noRecords')}
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Box>

      <div ref={sentinelRef} />
      {usersQuery.hasNextPage && (
        <Center>
          <Button variant="outline" onClick={handleLoadMore} loading={usersQuery.isFetchingNextPage}>
            {t('common.loadMore')}
          </Button>
        </Center>
      )}

      <UserModal
        open={modal.open}
        user={editedUser}
        canEditProfile={canEditProfile}
        canEditQueues={canEditQueues}
        onClose={handleCloseModal}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        loading={deleteUser.isPending}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
