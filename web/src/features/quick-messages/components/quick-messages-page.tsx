import type { QuickMessage } from '@app/contracts';
import { Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck } from 'react-icons/lu';

import { useQuickMessagesRealtime } from '@/api/quick-messages';
import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useDeleteQuickMessage } from '../api/delete-quick-message';
import { useQuickMessagesPage } from '../api/get-quick-messages-page';
import { canChangeQuickMessage } from '../utils/quick-message-form';
import { QuickMessageModal } from './quick-message-modal';

/** Spec 2 section 9: searches run 500 ms after typing stops, lowercased. */
export const QUICK_MESSAGES_SEARCH_DEBOUNCE_MS = 500;

type QuickMessagesPageProps = {
  user: { id: number; companyId: number };
  /** quick-messages:editAny (admins and supervisors): edit and delete on every row. */
  canEditAny: boolean;
  /** quick-messages:setGeneral (admins): the dialog's 'general' selector. */
  canSetGeneral: boolean;
};

/** /quick-messages: search, add, the table (shortcode, attachment or 'Sem anexo', a green check when general, actions). */
export function QuickMessagesPage({ user, canEditAny, canSetGeneral }: QuickMessagesPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), QUICK_MESSAGES_SEARCH_DEBOUNCE_MS);
  const query = useQuickMessagesPage(searchParam);
  const deleteMutation = useDeleteQuickMessage();
  const dialogs = useRecordDialogs<QuickMessage>({ remove: deleteMutation, deletedMessage: t('quickMessages.toasts.deleted') });
  useQuickMessagesRealtime(user.companyId);

  const records = query.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <Stack gap="4" data-testid="quick-messages-page">
      <Heading as="h1" size="xl">
        {t('quickMessages.title')}
      </Heading>
      <ListToolbar
        search={search}
        onSearchChange={setSearch}
        searchTestId="quick-messages-search"
        searchName="searchParam"
        searchPlaceholder={t('quickMessages.searchPlaceholder')}
        addLabel={t('quickMessages.buttons.add')}
        onAdd={dialogs.add}
        addTestId="quick-messages-add"
      />
      <DataTable
        testId="quick-messages-table"
        rowTestId="quick-messages-row"
        emptyTestId="quick-messages-empty"
        busy={query.isFetching}
        loading={query.isPending}
        rows={records}
        rowKey={(record) => record.id}
        rowProps={(record) => ({ 'data-quick-message-id': record.id })}
        columns={[
          { header: t('quickMessages.table.shortcode'), cell: (record) => record.shortcode },
          {
            header: t('quickMessages.table.attachment'),
            cell: (record) =>
              record.mediaName ? (
                <Text truncate maxW="64">
                  {record.mediaName}
                </Text>
              ) : (
                <Text color="fg.muted">{t('quickMessages.noAttachment')}</Text>
              ),
          },
          {
            header: t('quickMessages.table.geral'),
            cell: (record) =>
              record.geral ? (
                <Icon
                  as={LuCircleCheck}
                  color="green.solid"
                  boxSize="4"
                  aria-label={t('quickMessages.fields.geral')}
                  data-testid="quick-message-geral-check"
                />
              ) : null,
          },
        ]}
        actions={(record) =>
          canChangeQuickMessage(record, user, canEditAny) ? (
            <RowActions
              onEdit={() => dialogs.edit(record)}
              onDelete={() => dialogs.askDelete(record)}
              editTestId="quick-messages-edit"
              deleteTestId="quick-messages-delete"
            />
          ) : (
            <HStack />
          )
        }
      />
      <InfiniteListFooter query={query} />
      {dialogs.editing && (
        <QuickMessageModal quickMessage={dialogs.editing.record} canSetGeneral={canSetGeneral} onClose={dialogs.closeEditor} />
      )}
      <ConfirmDialog
        {...dialogs.deleteDialog}
        title={t('quickMessages.confirmDeleteTitle', { shortcode: dialogs.deleting?.shortcode ?? '' })}
      />
    </Stack>
  );
}
