import { type ServiceRecord, SERVICES_PAGE_SIZE } from '@app/contracts';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';

import { DataTable } from '@/components/list/data-table';
import { PagePagination } from '@/components/list/page-pagination';
import { RowActions } from '@/components/list/row-actions';
import { SearchField } from '@/components/list/search-field';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatMoney } from '@/lib/format';

import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
import { formatDuration } from '../utils/format-duration';
import { ServiceModal } from './service-modal';

/** Spec 3 section 7: searches run 500 ms after typing stops. */
export const SERVICES_SEARCH_DEBOUNCE_MS = 500;

type ServicesPageProps = {
  /** services-page:edit (admins and supervisors): the add, edit and delete buttons are shown. */
  canEdit: boolean;
};

/** /services: the company's catalogue, 20 a page with the range label; price in reais, duration as Xh Ymin. */
export function ServicesPage({ canEdit }: ServicesPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SERVICES_SEARCH_DEBOUNCE_MS);
  const query = useServices(searchParam, page);
  const deleteMutation = useDeleteService();
  const services = query.data?.services ?? [];
  const dialogs = useRecordDialogs<ServiceRecord>({
    remove: deleteMutation,
    deletedMessage: t('services.toasts.deleted'),
    // The last row of a page gone: show the page before it.
    onDeleted: () => {
      if (services.length === 1 && page > 1) setPage(page - 1);
    },
  });
  const count = query.data?.count ?? 0;
  // The page whose rows are on screen: while the next one loads, the range label and buttons stay with the rows shown.
  const [shownPage, setShownPage] = useState(page);
  if (query.data && !query.isPlaceholderData && shownPage !== page) setShownPage(page);

  function handleSearchChange(value: string) {
    setSearch(value);
    setPage(1);
  }

  return (
    <Stack gap="4" data-testid="services-page">
      <Heading as="h1" size="xl">
        {t('services.title')}
      </Heading>
      <Flex gap="3" wrap="wrap" justify="space-between">
        <SearchField value={search} onChange={handleSearchChange} testId="services-search" name="searchParam" />
        {canEdit && (
          <Button colorPalette="brand" onClick={dialogs.add} data-testid="services-add">
            <LuPlus /> {t('services.buttons.add')}
          </Button>
        )}
      </Flex>
      <DataTable
        testId="services-table"
        rowTestId="services-row"
        emptyTestId="services-empty"
        busy={query.isFetching}
        loading={query.isPending}
        rows={services}
        rowKey={(service) => service.id}
        columns={[
          { header: t('services.fields.name'), cell: (service) => service.name },
          { header: t('services.fields.description'), cell: (service) => service.description ?? '' },
          { header: t('services.fields.price'), cell: (service) => formatMoney(service.price) },
          { header: t('services.fields.duration'), cell: (service) => formatDuration(service.duration) },
        ]}
        actions={
          canEdit
            ? (service) => (
                <RowActions
                  onEdit={() => dialogs.edit(service)}
                  onDelete={() => dialogs.askDelete(service)}
                  editTestId="services-edit"
                  deleteTestId="services-delete"
                />
              )
            : undefined
        }
      />
      {query.data && (
        <PagePagination
          page={shownPage}
          pageSize={SERVICES_PAGE_SIZE}
          count={count}
          onPageChange={setPage}
          label={(range) => t('services.pageRange', range)}
          testId="services-pagination"
        />
      )}
      {dialogs.editing && <ServiceModal service={dialogs.editing.record} onClose={dialogs.closeEditor} />}
      <ConfirmDialog
        {...dialogs.deleteDialog}
        title={t('services.confirmDeleteTitle', { name: dialogs.deleting?.name ?? '' })}
        testId="service-delete-dialog"
        confirmTestId="service-delete-confirm"
      />
    </Stack>
  );
}
