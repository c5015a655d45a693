import { Box, Center, HStack, IconButton, Spinner, Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
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
        <Box borderWidth="1px" borderRadius="md" bg="bg" overflowX="auto">
          <Table.Root size="sm" data-testid="helps-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('helps.form.title')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('helps.form.description')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('helps.form.video')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(helpsQuery.data ?? []).map((help) => (
                <Table.Row key={help.id} data-testid="helps-row">
                  <Table.Cell>{help.title}</Table.Cell>
                  <Table.Cell>{help.description}</Table.Cell>
                  <Table.Cell>{help.video}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" justify="flex-end">
                      <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} onClick={() => setEditing(help)}>
                        <LuPencil />
                      </IconButton>
                      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('common.delete')} onClick={() => setDeleting(help)}>
                        <LuTrash2 />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
              {(helpsQuery.data ?? []).length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={4} textAlign="center" color="fg.muted">
                    {t('common.noRecords')}
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Box>
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
