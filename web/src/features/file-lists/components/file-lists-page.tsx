import type { FileListRecord } from '@app/contracts';
import { Badge, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { RecordListPage } from '@/components/list/record-list-page';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
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
    <RecordListPage
      testIdStem="file-lists"
      title={t('fileLists.title')}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={t('common.search')}
      addLabel={t('fileLists.buttons.add')}
      query={query}
      rows={fileLists}
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
      dialogs={dialogs}
      editor={(fileList) => <FileListModal fileList={fileList} onClose={dialogs.closeEditor} />}
      confirmDeleteTitle={(fileList) => t('fileLists.confirmDeleteTitle', { name: fileList?.name ?? '' })}
    />
  );
}
