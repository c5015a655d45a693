import type { Prompt } from '@app/contracts';
import { Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useDeletePrompt } from '../api/delete-prompt';
import { usePrompts } from '../api/get-prompts';
import { usePromptsRealtime } from '../hooks/use-prompts-realtime';
import { PromptModal, voiceName } from './prompt-modal';

/** Spec 3 section 2: the list loads 500 ms after typing stops; the search text is lowercased. */
export const PROMPTS_SEARCH_DEBOUNCE_MS = 500;

type PromptsPageProps = { companyId: number };

/** /prompts: search, add, the list (name, queue, voice, max tokens) loading more near the bottom, edit and delete; live. */
export function PromptsPage({ companyId }: PromptsPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), PROMPTS_SEARCH_DEBOUNCE_MS);
  const query = usePrompts(searchParam);
  const deleteMutation = useDeletePrompt();
  const [editing, setEditing] = useState<{ prompt: Prompt | null } | null>(null);
  const [deleting, setDeleting] = useState<Prompt | null>(null);
  usePromptsRealtime(companyId);

  const prompts = query.data?.pages.flatMap((page) => page.prompts) ?? [];

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toastSuccess(t('prompts.toasts.deleted'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack gap="4" data-testid="prompts-page">
      <Heading as="h1" size="xl">
        {t('prompts.title')}
      </Heading>
      <ListToolbar
        search={search}
        onSearchChange={setSearch}
        searchTestId="prompts-search"
        searchName="searchParam"
        searchPlaceholder={t('common.search')}
        addLabel={t('prompts.buttons.add')}
        onAdd={() => setEditing({ prompt: null })}
        addTestId="prompts-add"
      />
      <DataTable
        testId="prompts-table"
        rowTestId="prompts-row"
        emptyTestId="prompts-empty"
        busy={query.isFetching}
        loading={query.isPending}
        rows={prompts}
        rowKey={(prompt) => prompt.id}
        columns={[
          { header: t('prompts.fields.name'), cell: (prompt) => prompt.name },
          {
            header: t('prompts.fields.queue'),
            cell: (prompt) => <span data-testid="prompts-queue">{prompt.queue?.name ?? t('prompts.noQueue')}</span>,
          },
          {
            header: t('prompts.fields.voice'),
            cell: (prompt) => (prompt.voice === 'texto' ? t('prompts.voices.text') : voiceName(prompt.voice)),
          },
          { header: t('prompts.fields.maxTokens'), cell: (prompt) => prompt.maxTokens },
        ]}
        actions={(prompt) => (
          <RowActions
            onEdit={() => setEditing({ prompt })}
            onDelete={() => setDeleting(prompt)}
            editTestId="prompts-edit"
            deleteTestId="prompts-delete"
          />
        )}
      />
      <InfiniteListFooter
        hasNextPage={!!query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
      {editing && <PromptModal prompt={editing.prompt} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('prompts.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
        confirmTestId="prompts-confirm-delete"
      />
    </Stack>
  );
}
