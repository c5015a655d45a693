import type { TagDetail } from '@app/contracts';
import { Badge, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { contrastText } from '@/lib/contrast-text';

import { useDeleteTag } from '../api/delete-tag';
import { useTagsPage } from '../api/get-tags-page';
import { useTagsRealtime } from '../hooks/use-tags-realtime';
import { TagModal } from './tag-modal';

/** Spec 2 section 9: searches run 500 ms after typing stops, lowercased. */
export const TAGS_SEARCH_DEBOUNCE_MS = 500;

type TagsPageProps = {
  companyId: number;
  /** tag:editKanban: the dialog's kanban toggle. */
  canEditKanban: boolean;
};

/** /tags: search, add, the table (name chip in its colour, tickets count, edit, delete), next pages on scroll. */
export function TagsPage({ companyId, canEditKanban }: TagsPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), TAGS_SEARCH_DEBOUNCE_MS);
  const query = useTagsPage(searchParam);
  const deleteTag = useDeleteTag();
  const dialogs = useRecordDialogs<TagDetail>({ remove: deleteTag, deletedMessage: t('tags.toasts.deleted') });
  useTagsRealtime(companyId);

  const tags = query.data?.pages.flatMap((page) => page.tags) ?? [];

  return (
    <Stack gap="4" data-testid="tags-page">
      <Heading as="h1" size="xl">
        {t('tags.title')}
      </Heading>
      <ListToolbar
        search={search}
        onSearchChange={setSearch}
        searchTestId="tags-search"
        searchName="searchParam"
        searchPlaceholder={t('tags.searchPlaceholder')}
        addLabel={t('tags.buttons.add')}
        onAdd={dialogs.add}
        addTestId="tags-add"
      />
      <DataTable
        testId="tags-table"
        rowTestId="tags-row"
        emptyTestId="tags-empty"
        busy={query.isFetching}
        loading={query.isPending}
        rows={tags}
        rowKey={(tag) => tag.id}
        rowProps={(tag) => ({ 'data-tag-id': tag.id })}
        columns={[
          {
            header: t('tags.table.name'),
            cell: (tag) => (
              <Badge style={{ backgroundColor: tag.color, color: contrastText(tag.color) }} data-testid="tag-chip">
                {tag.name}
              </Badge>
            ),
          },
          { header: t('tags.table.tickets'), cell: (tag) => tag.ticketsCount },
        ]}
        actions={(tag) => (
          <RowActions
            onEdit={() => dialogs.edit(tag)}
            onDelete={() => dialogs.askDelete(tag)}
            editTestId="tags-edit"
            deleteTestId="tags-delete"
          />
        )}
      />
      <InfiniteListFooter query={query} />
      {dialogs.editing && <TagModal tag={dialogs.editing.record} canEditKanban={canEditKanban} onClose={dialogs.closeEditor} />}
      <ConfirmDialog {...dialogs.deleteDialog} title={t('tags.confirmDeleteTitle', { name: dialogs.deleting?.name ?? '' })} />
    </Stack>
  );
}
