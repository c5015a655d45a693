import { Center, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { RowActions } from '@/components/list/row-actions';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import { useDeleteHelp } from '../api/delete-help';
import { useHelps } from '../api/get-helps';
import type { HelpResponse } from '../types';
import { HelpForm } from './help-form';

/** The Help tab (super users): the form above the table of help videos. */
export function HelpsManager() {
  const { t } = useTranslation();
  const helpsQuery = useHelps();
  const deleteHelp = useDeleteHelp();
  const dialogs = useRecordDialogs<HelpResponse>({ remove: deleteHelp, deletedMessage: t('common.operationSuccess') });
  const editing = dialogs.editing?.record ?? null;

  return (
    <Stack gap="5" data-testid="helps-manager">
      <HelpForm key={editing?.id ?? 'new'} help={editing} onDone={dialogs.closeEditor} />
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
          actions={(help) => <RowActions onEdit={() => dialogs.edit(help)} onDelete={() => dialogs.askDelete(help)} />}
        />
      )}
      <ConfirmDialog {...dialogs.deleteDialog} title={dialogs.deleting?.title ?? ''} message={t('common.confirmDeleteRecord')} />
    </Stack>
  );
}
