import { Center, Spinner, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { RowActions } from '@/components/list/row-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/components/ui/toaster';

import { useDeleteHelp } from '../api/delete-help';
import { useHelps } from '../api/get-helps';
import type { HelpResponse } from '../types';
import { HelpForm } from './help-form';

/** The Help tab (super users): the form above the table of help videos. */
export function HelpsManager() {
  const { t } = useTranslation();
  const helpsQuery = useHelps();
  const deleteHelp = useDeleteHelp();
  const [editing, setEditing] = useState<HelpResponse | null>(null);
  const [deleting, setDeleting] = useState<HelpResponse | null>(null);

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteHelp.mutateAsync(deleting.id);
      toastSuccess(t('common.operationSuccess'));
      if (editing?.id === deleting.id) setEditing(null);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack gap="5" data-testid="helps-manager">
      <HelpForm key={editing?.id ?? 'new'} help={editing} onDone={() => setEditing(null)} />
      {helpsQuery.isPending ? (
        <Center py="6">
          <Spinner aria-label={t('common.loading')} />
        </Center>
      ) : (
        <DataTable
          testId="helps-table"
          rowTestId="helps-row"
          rows={helpsQuery.data ?? []}
          rowKey={(help) => help.id}
          columns={[
            { header: t('helps.form.title'), cell: (help) => help.title },
            { header: t('helps.form.description'), cell: (help) => help.description },
            { header: t('helps.form.video'), cell: (help) => help.video },
          ]}
          actions={(help) => <RowActions onEdit={() => setEditing(help)} onDelete={() => setDeleting(help)} />}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.title ?? ''}
        message={t('common.confirmDeleteRecord')}
        loading={deleteHelp.isPending}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
