import type { TagDetail } from '@app/contracts';
import { Badge } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { RecordListPage } from '@/components/list/record-list-page';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
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
    <RecordListPage
      testIdStem="tags"
      title={t('tags.title')}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={t('tags.searchPlaceholder')}
      addLabel={t('tags.buttons.add')}
      query={query}
      rows={tags}
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
      dialogs={dialogs}
      editor={(tag) => <TagModal tag={tag} canEditKanban={canEditKanban} onClose={dialogs.closeEditor} />}
      confirmDeleteTitle={(tag) => t('tags.confirmDeleteTitle', { name: tag?.name ?? '' })}
    />
  );
}
