import type { ContactList } from '@app/contracts';
import { Heading, IconButton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuUsers } from 'react-icons/lu';
import { useNavigate } from 'react-router';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useDeleteContactList } from '../api/delete-contact-list';
import { downloadContactListSample } from '../api/download-sample';
import { useContactLists } from '../api/get-contact-lists';
import { useContactListsRealtime } from '../hooks/use-contact-lists-realtime';
import { ContactListModal } from './contact-list-modal';

/** Spec 2 section 9: searches run 500 ms after typing stops, lowercased. */
export const CONTACT_LISTS_SEARCH_DEBOUNCE_MS = 500;

type ContactListsPageProps = { companyId: number };

/** /contact-lists: search, add, the table (name, contact count, sample sheet, contacts, edit, delete with confirmation). */
export function ContactListsPage({ companyId }: ContactListsPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), CONTACT_LISTS_SEARCH_DEBOUNCE_MS);
  const query = useContactLists(searchParam);
  const deleteMutation = useDeleteContactList();
  const dialogs = useRecordDialogs<ContactList>({ remove: deleteMutation, deletedMessage: t('contactLists.toasts.deleted') });
  useContactListsRealtime(companyId);

  const lists = query.data?.pages.flatMap((page) => page.records) ?? [];

  function handleSample() {
    downloadContactListSample().catch(toastError);
  }

  return (
    <Stack gap="4" data-testid="contact-lists-page">
      <Heading as="h1" size="xl">
        {t('contactLists.title')}
      </Heading>
      <ListToolbar
        search={search}
        onSearchChange={setSearch}
        searchTestId="contact-lists-search"
        searchName="searchParam"
        searchPlaceholder={t('common.search')}
        addLabel={t('contactLists.buttons.add')}
        onAdd={dialogs.add}
        addTestId="contact-lists-add"
      />
      <DataTable
        testId="contact-lists-table"
        rowTestId="contact-lists-row"
        emptyTestId="contact-lists-empty"
        busy={query.isFetching}
        loading={query.isPending}
        rows={lists}
        rowKey={(list) => list.id}
        rowProps={(list) => ({ 'data-contact-list-id': list.id })}
        columns={[
          { header: t('contactLists.table.name'), cell: (list) => list.name },
          { header: t('contactLists.table.contacts'), cell: (list) => <span data-testid="contact-lists-count">{list.contactsCount}</span> },
        ]}
        actions={(list) => (
          <RowActions
            onEdit={() => dialogs.edit(list)}
            onDelete={() => dialogs.askDelete(list)}
            editTestId="contact-lists-edit"
            deleteTestId="contact-lists-delete"
          >
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('contactLists.buttons.sample')}
              onClick={handleSample}
              data-testid="contact-lists-sample"
            >
              <LuDownload />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('contactLists.buttons.contacts')}
              onClick={() => void navigate(paths.contactListItems(list.id))}
              data-testid="contact-lists-open"
            >
              <LuUsers />
            </IconButton>
          </RowActions>
        )}
      />
      <InfiniteListFooter query={query} />
      {dialogs.editing && <ContactListModal contactList={dialogs.editing.record} onClose={dialogs.closeEditor} />}
      <ConfirmDialog
        {...dialogs.deleteDialog}
        title={t('contactLists.confirmDeleteTitle', { name: dialogs.deleting?.name ?? '' })}
        confirmTestId="contact-lists-confirm-delete"
      />
    </Stack>
  );
}
