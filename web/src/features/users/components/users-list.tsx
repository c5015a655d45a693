import { Box, Button, Center, Field, Input, InputGroup, Spinner, Stack, Table } from '@chakra-ui/react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSearch } from 'react-icons/lu';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useUsers } from '../api/get-users';
import { useUsersRealtime } from '../hooks/use-users-realtime';

/** Spec section 9: user searches are debounced 500 ms. */
export const USERS_SEARCH_DEBOUNCE_MS = 500;

type UsersListProps = {
  companyId: number;
};

export function UsersList({ companyId }: UsersListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), USERS_SEARCH_DEBOUNCE_MS);
  const usersQuery = useUsers(searchParam);
  useUsersRealtime(companyId);

  const users = usersQuery.data?.pages.flatMap((page) => page.users) ?? [];

  function handleSearchChange(event: ChangeEvent<HTMLInputElement>) {
    setSearch(event.target.value);
  }

  function handleLoadMore() {
    void usersQuery.fetchNextPage();
  }

  return (
    <Stack gap="4">
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

      <Box borderWidth="1px" borderRadius="md" bg="bg" overflowX="auto">
        <Table.Root size="sm" data-testid="users-table" aria-busy={usersQuery.isFetching}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('users.table.id')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.table.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.table.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.table.profile')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {users.map((user) => (
              <Table.Row key={user.id} data-testid="users-row" data-user-id={user.id}>
                <Table.Cell>{user.id}</Table.Cell>
                <Table.Cell>{user.name}</Table.Cell>
                <Table.Cell>{user.email}</Table.Cell>
                <Table.Cell>{user.profile}</Table.Cell>
              </Table.Row>
            ))}
            {usersQuery.isPending && (
              <Table.Row>
                <Table.Cell colSpan={4}>
                  <Center py="4">
                    <Spinner size="sm" aria-label={t('common.loading')} />
                  </Center>
                </Table.Cell>
              </Table.Row>
            )}
            {!usersQuery.isPending && users.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={4} textAlign="center" color="fg.muted" data-testid="users-empty">
                  {t('common.noRecords')}
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Box>

      {usersQuery.hasNextPage && (
        <Center>
          <Button variant="outline" onClick={handleLoadMore} loading={usersQuery.isFetchingNextPage}>
            {t('common.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
