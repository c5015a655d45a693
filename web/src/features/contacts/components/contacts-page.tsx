import { CONTACT_SHEET_MAX_BYTES, CONTACT_SHEET_MAX_ROWS, type ContactSheetInvalidRow } from '@app/contracts';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuFileSpreadsheet, LuMessageSquarePlus, LuPencil, LuPlus, LuSearch, LuSmartphone, LuTrash2 } from 'react-icons/lu';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster, toastError, toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useMediaQuery } from '@/hooks/use-media-query';
import { isApiError } from '@/lib/api-client';
import { downloadCsv } from '@/lib/csv';
import { formatShortDateTime } from '@/lib/format';
import { formatPhone } from '@/lib/format-phone';
import { sheetRefusalMessage } from '@/lib/sheet-refusal';
import { useSocketEvent } from '@/lib/socket';

import { useDeleteContact } from '../api/delete-contact';
import { getAllContacts } from '../api/get-all-contacts';
import { contactsQueryKey, useContacts } from '../api/get-contacts';
import { useImportPhoneContacts, useUploadContactsSheet } from '../api/import-contacts';
import { useStartTicket } from '../api/start-ticket';
import type { Contact, ContactsUser } from '../types';
import { contactsToCsv } from '../utils/contacts-csv';
import { invalidRowLines } from '../utils/import-report';
import { ContactModal } from './contact-modal';

/** Spec 1 section 9: list searches are debounced 500 ms; the next page loads within 100 px of the bottom. */
const SEARCH_DEBOUNCE_MS = 500;
const NEXT_PAGE_MARGIN_PX = 100;
/** An import publishes one contact event per created contact: the list refreshes once per burst. */
const CONTACT_EVENTS_REFRESH_MS = 500;
/** Long enough to read which sheet rows were refused. */
const REPORT_TOAST_MS = 10_000;
/** Below this width each contact is a card: the table's seven columns would need horizontal scrolling. */
export const CONTACTS_NARROW_QUERY = '(max-width: 899px)';

type ContactsPageProps = {
  user: ContactsUser;
  canDelete: boolean;
  /** Opens the chat of a started ticket (/tickets/{uuid}). */
  onOpenTicket: (uuid: string) => void;
};

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return `${words[0]?.charAt(0) ?? ''}${words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : ''}`.toUpperCase();
}

/** /contacts: search, add, edit, delete, import, export, start a ticket (spec 1 section 2). */
export function ContactsPage({ user, canDelete, onOpenTicket }: ContactsPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const query = useContacts(searchParam);
  const contacts = query.data?.pages.flatMap((page) => page.contacts) ?? [];
  const [editing, setEditing] = useState<{ contact: Contact | null } | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [confirmImport, setConfirmImport] = useState(false);
  const deleteMutation = useDeleteContact();
  const startMutation = useStartTicket();
  const importMutation = useImportPhoneContacts();
  const uploadMutation = useUploadContactsSheet();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const queryClient = useQueryClient();
  const narrow = useMediaQuery(CONTACTS_NARROW_QUERY);

  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(refreshTimer.current ?? undefined), []);

  // Contacts created, changed or deleted elsewhere (or by an import) refresh the list, once per burst.
  useSocketEvent(`company-${user.companyId}-contact`, () => {
    if (refreshTimer.current) return;
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    }, CONTACT_EVENTS_REFRESH_MS);
  });

  function handleScroll(event: React.UIEvent<HTMLDivElement>) {
    const element = event.currentTarget;
    if (
      element.scrollHeight - element.scrollTop - element.clientHeight < NEXT_PAGE_MARGIN_PX &&
      query.hasNextPage &&
      !query.isFetchingNextPage
    ) {
      void query.fetchNextPage();
    }
  }

  async function handleStartTicket(contact: Contact) {
    const queueIds = (user.queues ?? []).map((queue) => queue.id);
    try {
      const ticket = await startMutation.mutateAsync({
        contactId: contact.id,
        userId: user.id,
        status: 'open',
        queueId: queueIds.length === 1 ? queueIds[0] : null,
      });
      onOpenTicket(ticket.uuid);
    } catch (error) {
      const details = isApiError(error) && error.code === 'ERR_OTHER_OPEN_TICKET' ? error.details : null;
      if (details && details.userId === user.id && typeof details.uuid === 'string') onOpenTicket(details.uuid);
      // A ticket the user may not see comes without its holder: the code's own text says it exists.
      else if (details && 'userName' in details) {
        const userName = String(details.userName ?? '');
        const queueName = typeof details.queueName === 'string' ? details.queueName : '';
        toastError(queueName ? t('contacts.otherOpenTicket', { userName, queueName }) : t('contacts.otherOpenTicketNoQueue', { userName }));
      } else toastError(error);
    }
  }

  async function handleDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toastSuccess(t('contacts.deleted'));
    } catch (error) {
      toastError(error);
    }
    setDeleting(null);
  }

  async function handleImportPhone() {
    try {
      const result = await importMutation.mutateAsync();
      toastSuccess(t('contacts.phoneImported', { imported: result.imported, skipped: result.skipped }));
    } catch (error) {
      toastError(error);
    }
    setConfirmImport(false);
  }

  /** A refused row in the user's language: each field's problem, or the row limit; never a field path. */
  function sheetRowProblem(refused: ContactSheetInvalidRow): string {
    if (refused.rowLimit) return t('contacts.sheetRowLimit', { count: CONTACT_SHEET_MAX_ROWS });
    return refused.fields
      .map(({ field, problem }) => `${t(`contacts.fields.${field}`)}: ${t(`contacts.sheetProblems.${problem}`)}`)
      .join('; ');
  }

  async function handleSheet(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const result = await uploadMutation.mutateAsync(file);
      const title = t('contacts.sheetImported', { created: result.created, skipped: result.skipped });
      if (result.invalid.length === 0) toastSuccess(title);
      else {
        const lines = invalidRowLines(
          result.invalid,
          (refused) => t('contacts.sheetInvalidRow', { row: refused.row, reason: sheetRowProblem(refused) }),
          (count) => t('contacts.sheetMoreRows', { count }),
        );
        toaster.create({
          type: 'warning',
          title,
          description: [t('contacts.sheetInvalidRows', { count: result.invalid.length }), ...lines].join('\n'),
          duration: REPORT_TOAST_MS,
          closable: true,
        });
      }
    } catch (error) {
      // A refused sheet is said in words (its limit included), not as the request's field path.
      toastError(sheetRefusalMessage(error, t, CONTACT_SHEET_MAX_BYTES) ?? error);
    }
  }

  async function handleExport() {
    try {
      const all = await getAllContacts();
      const csv = contactsToCsv(all, [t('contacts.fields.name'), t('contacts.fields.number'), t('contacts.fields.email')]);
      downloadCsv('contatos.csv', csv);
    } catch (error) {
      toastError(error);
    }
  }

  const actions = {
    canDelete,
    onStartTicket: (contact: Contact) => void handleStartTicket(contact),
    onEdit: (contact: Contact) => setEditing({ contact }),
    onDelete: setDeleting,
  };

  return (
    <Flex direction="column" gap="4" h="full" minH="0" data-testid="contacts-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('contacts.title')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <InputGroup w="64" startElement={<LuSearch />}>
            <Input
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('common.search')}
              data-testid="contacts-search"
            />
          </InputGroup>
          <Button variant="outline" onClick={() => setConfirmImport(true)} data-testid="contacts-import-phone">
            <LuSmartphone /> {t('contacts.buttons.importPhone')}
          </Button>
          <Button
            variant="outline"
            onClick={() => fileInput.current?.click()}
            loading={uploadMutation.isPending}
            data-testid="contacts-import-sheet"
          >
            <LuFileSpreadsheet /> {t('contacts.buttons.importSheet')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".xls,.xlsx,.csv"
            hidden
            onChange={(event) => void handleSheet(event)}
            data-testid="contacts-sheet-input"
          />
          <Button variant="outline" onClick={() => void handleExport()} data-testid="contacts-export">
            <LuDownload /> {t('contacts.buttons.export')}
          </Button>
          <Button colorPalette="brand" onClick={() => setEditing({ contact: null })} data-testid="contacts-add">
            <LuPlus /> {t('contacts.buttons.add')}
          </Button>
        </HStack>
      </Flex>

      <Box flex="1" minH="0" overflowY="auto" borderWidth="1px" borderRadius="md" onScroll={handleScroll}>
        {narrow ? (
          <Stack gap="0" data-testid="contact-cards">
            {contacts.map((contact) => (
              <Flex key={contact.id} gap="3" p="3" align="flex-start" borderBottomWidth="1px" data-testid="contact-card">
                <ContactAvatar contact={contact} />
                <Stack gap="0.5" flex="1" minW="0">
                  <Text fontWeight="semibold" truncate>
                    {contact.name}
                  </Text>
                  <Text fontSize="sm" whiteSpace="nowrap">
                    {formatPhone(contact.number)}
                  </Text>
                  {contact.email && (
                    <Text fontSize="sm" color="fg.muted" truncate>
                      {contact.email}
                    </Text>
                  )}
                  <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
                    <ContactStatus contact={contact} />
                    {contact.lastInteractionAt && <Text>{formatShortDateTime(contact.lastInteractionAt)}</Text>}
                  </HStack>
                </Stack>
                <ContactActions contact={contact} {...actions} />
              </Flex>
            ))}
          </Stack>
        ) : (
          <Table.Root size="sm" stickyHeader interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="12" />
                <Table.ColumnHeader>{t('contacts.fields.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('contacts.fields.number')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('contacts.fields.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('contacts.fields.lastInteraction')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('contacts.fields.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {contacts.map((contact) => (
                <Table.Row key={contact.id} data-testid="contact-row">
                  <Table.Cell>
                    <ContactAvatar contact={contact} />
                  </Table.Cell>
                  <Table.Cell>{contact.name}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatPhone(contact.number)}</Table.Cell>
                  <Table.Cell>{contact.email}</Table.Cell>
                  <Table.Cell>{formatShortDateTime(contact.lastInteractionAt)}</Table.Cell>
                  <Table.Cell>
                    <ContactStatus contact={contact} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <ContactActions contact={contact} {...actions} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {query.isPending || query.isFetchingNextPage ? (
          <Center py="4">
            <Spinner size="sm" />
          </Center>
        ) : contacts.length === 0 ? (
          <Center py="8" color="fg.muted" data-testid="contacts-empty">
            <Text>{t('common.noRecords')}</Text>
          </Center>
        ) : null}
      </Box>

      {editing && <ContactModal contact={editing.contact} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting != null}
        title={t('contacts.confirmDelete', { name: deleting?.name ?? '' })}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={confirmImport}
        title={t('contacts.buttons.importPhone')}
        message={t('contacts.importPhoneMessage')}
        confirmLabel={t('contacts.buttons.importPhone')}
        loading={importMutation.isPending}
        onConfirm={() => void handleImportPhone()}
        onClose={() => setConfirmImport(false)}
      />
    </Flex>
  );
}

function ContactAvatar({ contact }: { contact: Contact }) {
  return (
    <Avatar.Root size="sm" flexShrink={0}>
      <Avatar.Fallback>{initials(contact.name)}</Avatar.Fallback>
      {contact.profilePicUrl ? <Avatar.Image src={contact.profilePicUrl} alt={contact.name} /> : null}
    </Avatar.Root>
  );
}

function ContactStatus({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  return <Badge colorPalette={contact.active ? 'green' : 'gray'}>{contact.active ? t('contacts.active') : t('contacts.inactive')}</Badge>;
}

type ContactActionsProps = {
  contact: Contact;
  canDelete: boolean;
  onStartTicket: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
};

/** A contact's actions, the same in the table's row and in the narrow screen's card. */
function ContactActions({ contact, canDelete, onStartTicket, onEdit, onDelete }: ContactActionsProps) {
  const { t } = useTranslation();
  return (
    <HStack gap="1" justify="flex-end" flexShrink={0}>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t('contacts.buttons.startTicket')}
        title={t('contacts.buttons.startTicket')}
        onClick={() => onStartTicket(contact)}
        data-testid="contact-start-ticket"
      >
        <LuMessageSquarePlus />
      </IconButton>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t('common.edit')}
        title={t('common.edit')}
        onClick={() => onEdit(contact)}
        data-testid="contact-edit"
      >
        <LuPencil />
      </IconButton>
      {canDelete && (
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t('common.delete')}
          title={t('common.delete')}
          onClick={() => onDelete(contact)}
          data-testid="contact-delete"
        >
          <LuTrash2 />
        </IconButton>
      )}
    </HStack>
  );
}
