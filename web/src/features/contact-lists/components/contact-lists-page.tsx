import type { ContactList } from '@app/contracts';
import { IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuUsers } from 'react-icons/lu';
import { useNavigate } from 'react-router';

import { RecordListPage } from '@/components/list/record-list-page';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
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
    <RecordListPage
      testIdStem="contact-lists"
      title={t('contactLists.title')}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={t('common.search')}
      addLabel={t('contactLists.buttons.add')}
      query={query}
      rows={lists}
      rowProps={(list) => ({ 'data-contact-list-id': list.id })}
      columns={[
        { header: t('contactLists.table.name'), cell: (list) => list.name },
        { header: t('contactLists.table.contacts'), cell: (list) => <span data-testid="contact-lists-count">{list.contactsCount}</span> },
      ]}
      dialogs={dialogs}
      rowButtons={(list) => (
        <>
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
        </>
      )}
      editor={(list) => <ContactListModal contactList={list} onClose={dialogs.closeEditor} />}
      confirmDeleteTitle={(list) => t('contactLists.confirmDeleteTitle', { name: list?.name ?? '' })}
      confirmDeleteTestId
    />
  );
}
