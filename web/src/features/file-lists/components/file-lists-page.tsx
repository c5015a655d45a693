import type { FileListRecord } from '@app/contracts';
import { Badge, Heading, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useDeleteFileList } from '../api/delete-file-list';
import { useFileLists } from '../api/get-file-lists';
import { useFileListsRealtime } from '../hooks/use-file-lists-realtime';
import { FileListModal } from './file-list-modal';

/** Spec 2 section 9: searches run 500 ms after typing stops, lowercased. */
export const FILE_LISTS_SEARCH_DEBOUNCE_MS = 500;

type FileListsPageProps = { companyId: number };

/** /files: searchable file lists (name, message, attachments) with the add and edit dialog; live on company-{id}-file. */
export function FileListsPage({ companyId }: FileListsPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), FILE_LISTS_SEARCH_DEBOUNCE_MS);
  const query = useFileLists(searchParam);
  const deleteMutation = useDeleteFileList();
  const [editing, setEditing] = useState<{ fileList: FileListRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<FileListRecord | null>(null);
  useFileListsRealtime(companyId);

  const fileLists = query.data?.pages.flatMap((page) => page.files) ?? [];

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toastSuccess(t('fileLists.toasts.deleted'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack gap="4" data-testid="file-lists-page">
      <Heading as="h1" size="xl">
        {t('fileLists.title')}
      </Heading>
      <ListToolbar
        search={search}
        onSearchChange={setSearch}
        searchTestId="file-lists-search"
        searchName="searchParam"
        searchPlaceholder={t('common.search')}
        addLabel={t('fileLists.buttons.add')}
        onAdd={() => setEditing({ fileList: null })}
        addTestId="file-lists-add"
      />
      <DataTable
        testId="file-lists-table"
        rowTestId="file-lists-row"
        emptyTestId="file-lists-empty"
        busy={query.isFetching}
        loading={query.isPending}
        rows={fileLists}
        rowKey={(fileList) => fileList.id}
        columns={[
          { header: t('fileLists.fields.name'), cell: (fileList) => fileList.name },
          { header: t('fileLists.fields.message'), cell: (fileList) => fileList.message },
          {
            header: t('fileLists.fields.attachments'),
            cell: (fileList) => (
              <HStack gap="1" wrap="wrap">
                {fileList.options.map((option) => (
                  <Badge key={option.id} variant="subtle" data-testid="file-lists-attachment">
                    {option.name}
                    {option.mediaType ? ` · ${t(`fileLists.mediaTypes.${option.mediaType}`)}` : ''}
                  </Badge>
                ))}
              </HStack>
            ),
          },
        ]}
        actions={(fileList) => (
          <RowActions
            onEdit={() => setEditing({ fileList })}
            onDelete={() => setDeleting(fileList)}
            editTestId="file-lists-edit"
            deleteTestId="file-lists-delete"
          />
        )}
      />
      <InfiniteListFooter
        hasNextPage={!!query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
      {editing && <FileListModal fileList={editing.fileList} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('fileLists.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
