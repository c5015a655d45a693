import {
  CONTACT_LIST_ITEM_COMPANY_FIELDS,
  CONTACT_LIST_SHEET_MAX_BYTES,
  CONTACT_LIST_SHEET_MAX_ROWS,
  type ContactListItem,
  type ContactListSheetInvalidRow,
} from '@app/contracts';
import { Box, Button, Flex, Heading, HStack, Icon, Link, Progress, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuCircleCheck, LuCircleHelp, LuCircleX, LuFileSpreadsheet, LuPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { RowActions } from '@/components/list/row-actions';
import { SearchField } from '@/components/list/search-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster, toastError, toastSuccess } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatPhone } from '@/lib/format-phone';
import { sheetRefusalMessage } from '@/lib/sheet-refusal';

import { useDeleteContactListItem } from '../api/delete-contact-list-item';
import { downloadContactListSample } from '../api/download-sample';
import { useContactList } from '../api/get-contact-list';
import { useContactListItems } from '../api/get-contact-list-items';
import { useUploadContactList } from '../api/upload-contact-list';
import { useContactListsRealtime } from '../hooks/use-contact-lists-realtime';
import { ADDRESS_FIELDS } from '../utils/contact-list-form';
import { ContactListItemModal } from './contact-list-item-modal';
import { CONTACT_LISTS_SEARCH_DEBOUNCE_MS } from './contact-lists-page';

/** How long the import report stays up. */
const REPORT_TOAST_MS = 12_000;
/** Refused rows listed in the report before summing up the rest. */
const LISTED_ROWS = 5;

type ContactListItemsPageProps = {
  companyId: number;
  contactListId: number;
  /** contacts-page:deleteContact: the delete button. */
  canDelete: boolean;
};

/** Is the number on WhatsApp: checked yes, checked no, or still to be checked. */
function ValidityIcon({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation();
  const [as, color, label] =
    valid === null
      ? [LuCircleHelp, 'fg.muted', t('contactLists.validity.pending')]
      : valid
        ? [LuCircleCheck, 'green.500', t('contactLists.validity.valid')]
        : [LuCircleX, 'red.500', t('contactLists.validity.invalid')];
  return (
    <Icon as={as} color={color} aria-label={label} data-testid="contact-list-item-validity" data-valid={String(valid)}>
      <title>{label}</title>
    </Icon>
  );
}

/**
 * /contact-lists/{id}/contacts: the list's name, search, back, import a sheet (after confirmation,
 * with a link to the sample; progress while it runs and while its numbers are checked; a report of
 * created, skipped and refused rows), add; the contacts with every column of the spec.
 */
export function ContactListItemsPage({ companyId, contactListId, canDelete }: ContactListItemsPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), CONTACT_LISTS_SEARCH_DEBOUNCE_MS);
  const list = useContactList(contactListId);
  const query = useContactListItems(contactListId, searchParam);
  const uploadMutation = useUploadContactList();
  const deleteMutation = useDeleteContactListItem();
  const [editing, setEditing] = useState<{ item: ContactListItem | null } | null>(null);
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);
  const [confirmImport, setConfirmImport] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useContactListsRealtime(companyId);

  const items = query.data?.pages.flatMap((page) => page.contacts) ?? [];
  const counts = list.data;
  const checked = counts ? counts.contactsCount - counts.pendingCount : 0;

  function rowProblem(refused: ContactListSheetInvalidRow): string {
    if (refused.rowLimit) return t('contactLists.import.rowLimit', { count: CONTACT_LIST_SHEET_MAX_ROWS });
    return refused.fields
      .map(({ field, problem }) => `${t(`contactLists.fields.${field}`)}: ${t(`contactLists.import.problems.${problem}`)}`)
      .join('; ');
  }

  async function handleFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const report = await uploadMutation.mutateAsync({ contactListId, file });
      const title = t('contactLists.import.done', { created: report.created, skipped: report.skipped, invalid: report.invalid.length });
      if (report.invalid.length === 0) toastSuccess(title);
      else {
        const lines = report.invalid
          .slice(0, LISTED_ROWS)
          .map((row) => t('contactLists.import.invalidRow', { row: row.row, reason: rowProblem(row) }));
        if (report.invalid.length > LISTED_ROWS)
          lines.push(t('contactLists.import.moreRows', { count: report.invalid.length - LISTED_ROWS }));
        toaster.create({ type: 'warning', title, description: lines.join('\n'), duration: REPORT_TOAST_MS, closable: true });
      }
    } catch (error) {
      // A refused sheet is said in words (its limit included), not as the request's field path.
      toastError(sheetRefusalMessage(error, t, CONTACT_LIST_SHEET_MAX_BYTES) ?? error);
    }
  }

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toastSuccess(t('contactLists.toasts.itemDeleted'));
    } finally {
      setDeleting(null);
    }
  }

  const address = (value: string) => value || t('contactLists.notInformed');

  return (
    <Flex direction="column" gap="4" minH="0" data-testid="contact-list-items-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl" data-testid="contact-list-items-title">
          {counts?.name ?? t('contactLists.title')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <SearchField
            value={search}
            onChange={setSearch}
            placeholder={t('common.search')}
            testId="contact-list-items-search"
            name="searchParam"
          />
          <Button variant="outline" onClick={() => void navigate(paths.contactLists)} data-testid="contact-list-items-back">
            <LuArrowLeft /> {t('contactLists.buttons.back')}
          </Button>
          <Button
            variant="outline"
            onClick={() => setConfirmImport(true)}
            loading={uploadMutation.isPending}
            data-testid="contact-list-items-import"
          >
            <LuFileSpreadsheet /> {t('contactLists.buttons.import')}
          </Button>
          <Button colorPalette="brand" onClick={() => setEditing({ item: null })} data-testid="contact-list-items-add">
            <LuPlus /> {t('contactLists.buttons.addContact')}
          </Button>
        </HStack>
      </Flex>
      <input
        ref={fileInput}
        type="file"
        accept=".xlsx,.xls,.csv"
        hidden
        onChange={(event) => void handleFile(event)}
        data-testid="contact-list-items-file"
      />
      {uploadMutation.isPending && (
        <Box data-testid="contact-list-import-progress">
          <Text fontSize="sm">{t('contactLists.import.running')}</Text>
          <Progress.Root size="xs" value={null}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      )}
      {counts && counts.pendingCount > 0 && (
        <Box data-testid="contact-list-check-progress">
          <Text fontSize="sm">{t('contactLists.import.checking', { checked, total: counts.contactsCount })}</Text>
          <Progress.Root size="xs" value={counts.contactsCount ? Math.round((checked / counts.contactsCount) * 100) : 0}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      )}
      <Box overflowX="auto">
        <DataTable
          testId="contact-list-items-table"
          rowTestId="contact-list-items-row"
          emptyTestId="contact-list-items-empty"
          busy={query.isFetching}
          loading={query.isPending}
          rows={items}
          rowKey={(item) => item.id}
          rowProps={(item) => ({ 'data-item-id': item.id })}
          columns={[
            { header: '', cell: (item) => <ValidityIcon valid={item.isWhatsappValid} /> },
            { header: t('contactLists.fields.name'), cell: (item) => item.name },
            { header: t('contactLists.fields.number'), cell: (item) => formatPhone(item.number) },
            { header: t('contactLists.fields.email'), cell: (item) => item.email },
            ...CONTACT_LIST_ITEM_COMPANY_FIELDS.map((field) => ({
              header: t(`contactLists.fields.${field}`),
              cell: (item: ContactListItem) => (ADDRESS_FIELDS.includes(field) ? address(item[field]) : item[field]),
            })),
          ]}
          actions={(item) => (
            <RowActions
              onEdit={() => setEditing({ item })}
              onDelete={canDelete ? () => setDeleting(item) : undefined}
              editTestId="contact-list-items-edit"
              deleteTestId="contact-list-items-delete"
            />
          )}
        />
      </Box>
      <InfiniteListFooter query={query} />
      {editing && <ContactListItemModal contactListId={contactListId} item={editing.item} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={confirmImport}
        title={t('contactLists.import.confirmTitle')}
        message={t('contactLists.import.confirmMessage')}
        confirmLabel={t('contactLists.buttons.import')}
        onConfirm={() => {
          setConfirmImport(false);
          fileInput.current?.click();
        }}
        onClose={() => setConfirmImport(false)}
        confirmTestId="contact-list-import-confirm"
      >
        <Link
          as="button"
          onClick={() => void downloadContactListSample().catch(toastError)}
          colorPalette="brand"
          data-testid="contact-list-import-sample"
        >
          {t('contactLists.buttons.sample')}
        </Link>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('contactLists.confirmDeleteItemTitle', { name: deleting?.name ?? '' })}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Flex>
  );
}
