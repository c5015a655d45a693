import { Center, Spinner, Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { SearchField } from '@/components/list/search-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InfoDialog } from '@/components/ui/info-dialog';
import { toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useDeleteCompany } from '../api/delete-company';
import { useCompanies } from '../api/get-companies';
import type { CompanyResponse } from '../types';
import { CompaniesTable } from './companies-table';
import { CompanyForm } from './company-form';
import { CompanySchedulesForm } from './company-schedules-form';

type CompaniesManagerProps = {
  /** More buttons for each row, given by the page (billing's payment confirmation). */
  rowExtra?: (company: CompanyResponse) => ReactNode;
};

/** The Companies tab (super users): the form (editing the chosen row) above the table. */
export function CompaniesManager({ rowExtra }: CompaniesManagerProps = {}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), 500);
  const companiesQuery = useCompanies(searchParam);
  const deleteCompany = useDeleteCompany();
  const [editing, setEditing] = useState<CompanyResponse | null>(null);
  const [deleting, setDeleting] = useState<CompanyResponse | null>(null);
  const [scheduling, setScheduling] = useState<CompanyResponse | null>(null);
  const companies = companiesQuery.data?.pages.flatMap((page) => page.companies) ?? [];

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
      <SearchField value={search} onChange={setSearch} testId="companies-search" />
      {companiesQuery.isPending ? (
        <Center py="6">
          <Spinner aria-label={t('common.loading')} />
        </Center>
      ) : (
        <CompaniesTable companies={companies} onEdit={setEditing} onSchedules={setScheduling} onDelete={setDeleting} rowExtra={rowExtra} />
      )}
      <InfiniteListFooter query={companiesQuery} showLoadMore />
      <InfoDialog
        open={scheduling !== null}
        onClose={() => setScheduling(null)}
        title={
          <>
            {t('settings.tabs.schedules')} — {scheduling?.name}
          </>
        }
        testId="company-schedules-dialog"
        size="md"
        bodyProps={{ pb: '6' }}
      >
        {scheduling && <CompanySchedulesForm companyId={scheduling.id} />}
      </InfoDialog>
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
