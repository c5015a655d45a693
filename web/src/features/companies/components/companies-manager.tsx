import { Button, Center, CloseButton, Dialog, Field, Input, InputGroup, Portal, Spinner, Stack } from '@chakra-ui/react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSearch } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useNearBottom } from '@/hooks/use-near-bottom';
import { useDeleteCompany } from '../api/delete-company';
import { useCompanies } from '../api/get-companies';
import type { CompanyResponse } from '../types';
import { CompaniesTable } from './companies-table';
import { CompanyForm } from './company-form';
import { CompanySchedulesForm } from './company-schedules-form';

/** The Companies tab (super users): the form (editing the chosen row) above the table. */
export function CompaniesManager() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), 500);
  const companiesQuery = useCompanies(searchParam);
  const deleteCompany = useDeleteCompany();
  const [editing, setEditing] = useState<CompanyResponse | null>(null);
  const [deleting, setDeleting] = useState<CompanyResponse | null>(null);
  const [scheduling, setScheduling] = useState<CompanyResponse | null>(null);
  const companies = companiesQuery.data?.pages.flatMap((page) => page.companies) ?? [];
  const canLoadMore = !!companiesQuery.hasNextPage && !companiesQuery.isFetchingNextPage;
  const sentinelRef = useNearBottom<HTMLDivElement>(() => void companiesQuery.fetchNextPage(), canLoadMore);

  function handleSearchChange(event: ChangeEvent<HTMLInputElement>) {
    setSearch(event.target.value);
  }

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteCompany.mutateAsync(deleting.id);
      toastSuccess(t('common.operationSuccess'));
      if (editing?.id === deleting.id) setEditing(null);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack gap="5" data-testid="companies-manager">
      <CompanyForm key={editing?.id ?? 'new'} company={editing} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
      <Field.Root maxW="sm">
        <Field.Label srOnly>{t('common.search')}</Field.Label>
        <InputGroup startElement={<LuSearch />}>
          <Input type="search" value={search} onChange={handleSearchChange} placeholder={t('common.search')} data-testid="companies-search" />
        </InputGroup>
      </Field.Root>
      {companiesQuery.isPending ? (
        <Center py="6">
          <Spinner aria-label={t('common.loading')} />
        </Center>
      ) : (
        <CompaniesTable companies={companies} onEdit={setEditing} onSchedules={setScheduling} onDelete={setDeleting} />
      )}
      <div ref={sentinelRef} />
      {companiesQuery.hasNextPage && (
        <Center>
          <Button variant="outline" onClick={() => void companiesQuery.fetchNextPage()} loading={companiesQuery.isFetchingNextPage}>
            {t('common.loadMore')}
          </Button>
        </Center>
      )}
      <Dialog.Root open={scheduling !== null} onOpenChange={(details) => !details.open && setScheduling(null)} size="md">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="company-schedules-dialog">
              <Dialog.Header>
                <Dialog.Title>
                  {t('settings.tabs.schedules')} — {scheduling?.name}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">{scheduling && <CompanySchedulesForm companyId={scheduling.id} />}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.name ?? ''}
        message={t('common.confirmDeleteRecord')}
        loading={deleteCompany.isPending}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
