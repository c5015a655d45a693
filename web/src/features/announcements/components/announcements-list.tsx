import { Badge, Box, Button, Center, Field, Flex, HStack, IconButton, Input, InputGroup, Spinner, Stack, Table } from '@chakra-ui/react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuPlus, LuSearch, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useNearBottom } from '@/hooks/use-near-bottom';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAnnouncements } from '../api/get-announcements';
import { useAnnouncementsRealtime } from '../hooks/use-announcements-realtime';
import type { AnnouncementResponse } from '../types';
import { priorityColor } from '../utils/priority';
import { AnnouncementModal } from './announcement-modal';

type ModalState = { open: false } | { open: true; announcement: AnnouncementResponse | null };

/** /announcements (super users): searchable list with add, edit and delete. */
export function AnnouncementsList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), 500);
  const announcementsQuery = useAnnouncements(searchParam);
  const deleteAnnouncement = useDeleteAnnouncement();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<AnnouncementResponse | null>(null);
  useAnnouncementsRealtime();

  const records = announcementsQuery.data?.pages.flatMap((page) => page.records) ?? [];
  const canLoadMore = !!announcementsQuery.hasNextPage && !announcementsQuery.isFetchingNextPage;
  const sentinelRef = useNearBottom<HTMLDivElement>(() => void announcementsQuery.fetchNextPage(), canLoadMore);

  function handleSearchChange(event: ChangeEvent<HTMLInputElement>) {
    setSearch(event.target.value);
  }

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteAnnouncement.mutateAsync(deleting.id);
      toastSuccess(t('common.operationSuccess'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" justify="space-between">
        <Field.Root maxW="sm">
          <Field.Label srOnly>{t('common.search')}</Field.Label>
          <InputGroup startElement={<LuSearch />}>
            <Input type="search" value={search} onChange={handleSearchChange} placeholder={t('common.search')} data-testid="announcements-search" />
          </InputGroup>
        </Field.Root>
        <Button colorPalette="brand" onClick={() => setModal({ open: true, announcement: null })} data-testid="announcements-add">
          <LuPlus /> {t('announcements.buttons.add')}
        </Button>
      </Flex>
      <Box borderWidth="1px" borderRadius="md" bg="bg" overflowX="auto">
        <Table.Root size="sm" data-testid="announcements-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('announcements.modal.title')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('announcements.modal.priority')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('announcements.modal.attachment')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('announcements.modal.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {records.map((record) => (
              <Table.Row key={record.id} data-testid="announcements-row">
                <Table.Cell>{record.title}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={priorityColor(record.priority)} data-priority={record.priority}>
                    {t(`announcements.priorities.${record.priority}` as 'announcements.priorities.3')}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{record.mediaName ?? '-'}</Table.Cell>
                <Table.Cell>{record.status ? t('announcements.status.active') : t('announcements.status.inactive')}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1" justify="flex-end">
                    <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} onClick={() => setModal({ open: true, announcement: record })}>
                      <LuPencil />
                    </IconButton>
                    <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('common.delete')} onClick={() => setDeleting(record)}>
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
            {announcementsQuery.isPending && (
              <Table.Row>
                <Table.Cell colSpan={5}>
                  <Center py="4">
                    <Spinner size="sm" aria-label={t('common.loading')} />
                  </Center>
                </Table.Cell>
              </Table.Row>
            )}
            {!announcementsQuery.isPending && records.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5} textAlign="center" color="fg.muted">
                  {t('common.noRecords')}
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <div ref={sentinelRef} />
      <AnnouncementModal open={modal.open} announcement={modal.open ? modal.announcement : null} onClose={() => setModal({ open: false })} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.title ?? ''}
        loading={deleteAnnouncement.isPending}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
