import type { QuickMessage } from '@app/contracts';
import { Icon, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck } from 'react-icons/lu';

import { useQuickMessagesRealtime } from '@/api/quick-messages';
import { RecordListPage } from '@/components/list/record-list-page';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
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
    <RecordListPage
      testIdStem="quick-messages"
      title={t('quickMessages.title')}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={t('quickMessages.searchPlaceholder')}
      addLabel={t('quickMessages.buttons.add')}
      query={query}
      rows={records}
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
      dialogs={dialogs}
      canChange={(record) => canChangeQuickMessage(record, user, canEditAny)}
      editor={(record) => <QuickMessageModal quickMessage={record} canSetGeneral={canSetGeneral} onClose={dialogs.closeEditor} />}
      confirmDeleteTitle={(record) => t('quickMessages.confirmDeleteTitle', { shortcode: record?.shortcode ?? '' })}
    />
  );
}
