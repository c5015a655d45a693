import { CONTACT_SHEET_MAX_BYTES, type GroupContact } from '@app/contracts';
import { Badge, Button, Card, Flex, Heading, HStack, IconButton, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFileSpreadsheet, LuPencil, LuSettings, LuTrash2 } from 'react-icons/lu';

import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { SearchField } from '@/components/list/search-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster, toastError, toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { sheetRefusalMessage } from '@/lib/sheet-refusal';

import { useGroups } from '../api/get-groups';
import { useDeleteGroupContact, useUploadGroupContactsSheet } from '../api/group-contacts';
import { useUpdateGroup } from '../api/update-group';
import { GroupContactModal } from './group-contact-modal';
import { SummarySettingsModal } from './summary-settings-modal';

/** Spec 3 section 7: searches are debounced 500 ms. */
export const GROUPS_SEARCH_DEBOUNCE_MS = 500;

type GroupsPageProps = { now?: () => Date };

/**
 * /transcribe (spec 3, "Group contacts page"): the company's WhatsApp groups as cards, with search
 * and infinite scroll; each shows its code, the transcription toggle (saved at once), the summary
 * toggle and its settings (provider, model, key by its last 4, time) with the settings modal, and
 * edit contact, edit details and delete; contacts come in from a .xls or .xlsx sheet after confirmation.
 */
export function GroupsPage({ now }: GroupsPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), GROUPS_SEARCH_DEBOUNCE_MS);
  const query = useGroups(searchParam);
  const update = useUpdateGroup();
  const [editing, setEditing] = useState<GroupContact | null>(null);
  const [renaming, setRenaming] = useState<GroupContact | null>(null);
  const [deleting, setDeleting] = useState<GroupContact | null>(null);
  const [confirmImport, setConfirmImport] = useState(false);
  const remove = useDeleteGroupContact();
  const upload = useUploadGroupContactsSheet();
  const fileInput = useRef<HTMLInputElement>(null);
  const groups = query.data?.pages.flatMap((page) => page.contacts) ?? [];

  async function handleToggle(group: GroupContact, body: { activetranscribe: boolean } | { resumegroup: boolean }) {
    try {
      await update.mutateAsync({ id: group.id, body });
      toastSuccess(t('activetranscribe' in body ? 'groups.toggled' : 'groups.saved'));
    } catch (error) {
      toastError(error);
    }
  }

  async function handleDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toastSuccess(t('groups.contactDeleted'));
    } catch (error) {
      toastError(error);
    }
    setDeleting(null);
  }

  async function handleSheet(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const result = await upload.mutateAsync(file);
      const title = t('groups.sheetImported', { created: result.created, skipped: result.skipped });
      if (result.invalid.length === 0) toastSuccess(title);
      else
        toaster.create({
          type: 'warning',
          title,
          description: t('groups.sheetInvalidRows', { count: result.invalid.length }),
          closable: true,
        });
    } catch (error) {
      toastError(sheetRefusalMessage(error, t, CONTACT_SHEET_MAX_BYTES) ?? error);
    }
  }

  return (
    <Stack gap="4" data-testid="groups-page">
      <Heading as="h1" size="xl">
        {t('groups.title')}
      </Heading>
      <Flex gap="2" wrap="wrap" justify="space-between">
        <SearchField value={search} onChange={setSearch} testId="groups-search" name="searchParam" placeholder={t('common.search')} />
        <Button variant="outline" onClick={() => setConfirmImport(true)} loading={upload.isPending} data-testid="groups-import">
          <LuFileSpreadsheet /> {t('groups.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".xls,.xlsx"
          hidden
          aria-label={t('groups.import')}
          onChange={(event) => void handleSheet(event)}
          data-testid="groups-sheet-input"
        />
      </Flex>
      {!query.isPending && groups.length === 0 && (
        <Text color="fg.muted" data-testid="groups-empty">
          {t('groups.empty')}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {groups.map((group) => (
          <Card.Root key={group.id} size="sm" data-testid="group-card">
            <Card.Header>
              <Heading size="md" data-testid="group-name">
                {group.name}
              </Heading>
              <Text fontSize="sm" color="fg.muted" data-testid="group-code">
                {t('groups.code')}: {group.number}
              </Text>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <Switch.Root
                  checked={group.activetranscribe}
                  onCheckedChange={(details) => void handleToggle(group, { activetranscribe: details.checked })}
                  data-testid={`group-transcribe-${group.id}`}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('groups.transcription')}</Switch.Label>
                </Switch.Root>
                <Switch.Root
                  checked={group.resumegroup}
                  onCheckedChange={(details) => void handleToggle(group, { resumegroup: details.checked })}
                  data-testid={`group-summary-${group.id}`}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('groups.summary')}</Switch.Label>
                </Switch.Root>
                <Flex gap="2" wrap="wrap" data-testid="group-summary-panel">
                  <Badge>{t(`groups.providers.${group.resumeprovider}`)}</Badge>
                  {group.resumemodel && <Badge>{group.resumemodel}</Badge>}
                  {group.resumekey && <Badge>{group.resumekey}</Badge>}
                  <Badge>{group.timeresume.slice(0, 5)}</Badge>
                </Flex>
              </Stack>
            </Card.Body>
            <Card.Footer justifyContent="space-between">
              <Button size="sm" variant="outline" onClick={() => setEditing(group)} data-testid={`group-settings-${group.id}`}>
                <LuSettings /> {t('groups.openSettings')}
              </Button>
              <HStack gap="1">
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t('groups.editContactOf', { name: group.name })}
                  title={t('groups.editContact')}
                  onClick={() => setRenaming(group)}
                  data-testid={`group-edit-${group.id}`}
                >
                  <LuPencil />
                </IconButton>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('groups.deleteContactOf', { name: group.name })}
                  title={t('common.delete')}
                  onClick={() => setDeleting(group)}
                  data-testid={`group-delete-${group.id}`}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      <InfiniteListFooter
        hasNextPage={!!query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
      {editing && <SummarySettingsModal group={editing} onClose={() => setEditing(null)} now={now} />}
      {renaming && <GroupContactModal group={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('groups.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('groups.deleteMessage')}
        loading={remove.isPending}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={confirmImport}
        title={t('groups.import')}
        message={t('groups.importMessage')}
        confirmLabel={t('groups.importConfirm')}
        onConfirm={() => {
          setConfirmImport(false);
          fileInput.current?.click();
        }}
        onClose={() => setConfirmImport(false)}
        testId="groups-import-dialog"
        confirmTestId="groups-import-confirm"
      />
    </Stack>
  );
}
