import type { FileListRecord } from '@app/contracts';
import { Badge, Heading, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
  const dialogs = useRecordDialogs<FileListRecord>({ remove: deleteMutation, deletedMessage: t('fileLists.toasts.deleted') });
  useFileListsRealtime(companyId);

  const fileLists = query.data?.pages.flatMap((page) => page.files) ?? [];

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
        onAdd={dialogs.add}
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
            onEdit={() => dialogs.edit(fileList)}
            onDelete={() => dialogs.askDelete(fileList)}
            editTestId="file-lists-edit"
            deleteTestId="file-lists-delete"
          />
        )}
      />
      <InfiniteListFooter query={query} />
      {dialogs.editing && <FileListModal fileList={dialogs.editing.record} onClose={dialogs.closeEditor} />}
      <ConfirmDialog {...dialogs.deleteDialog} title={t('fileLists.confirmDeleteTitle', { name: dialogs.deleting?.name ?? '' })} />
    </Stack>
  );
}
