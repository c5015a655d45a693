import { Box, Center, HStack, IconButton, Spinner, Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/components/ui/toaster';
import { formatMoney } from '@/lib/money';
import { useDeletePlan } from '../api/delete-plan';
import { usePlans } from '../api/get-plans';
import { PLAN_FORM_FLAGS, type PlanResponse } from '../types';
import { PlanForm } from './plan-form';

/** The Plans tab (super users): the form above the table. */
export function PlansManager() {
  const { t } = useTranslation();
  const plansQuery = usePlans();
  const deletePlan = useDeletePlan();
  const [editing, setEditing] = useState<PlanResponse | null>(null);
  const [deleting, setDeleting] = useState<PlanResponse | null>(null);

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deletePlan.mutateAsync(deleting.id);
      toastSuccess(t('common.operationSuccess'));
      if (editing?.id === deleting.id) setEditing(null);
    } finally {
      setDeleting(null);
    }
  }

  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  return (
    <Stack gap="5" data-testid="plans-manager">
      <PlanForm key={editing?.id ?? 'new'} plan={editing} onDone={() => setEditing(null)} />
      {plansQuery.isPending ? (
        <Center py="6">
          <Spinner aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Box borderWidth="1px" borderRadius="md" bg="bg" overflowX="auto">
          <Table.Root size="sm" data-testid="plans-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('plans.form.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('plans.form.users')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('plans.form.connections')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('plans.form.queues')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('plans.form.value')}</Table.ColumnHeader>
                {PLAN_FORM_FLAGS.map((flag) => (
                  <Table.ColumnHeader key={flag}>{t(`plans.flags.${flag}`)}</Table.ColumnHeader>
                ))}
                <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(plansQuery.data ?? []).map((plan) => (
                <Table.Row key={plan.id} data-testid="plans-row" data-plan-id={plan.id}>
                  <Table.Cell>{plan.name}</Table.Cell>
                  <Table.Cell>{plan.users}</Table.Cell>
                  <Table.Cell>{plan.connections}</Table.Cell>
                  <Table.Cell>{plan.queues}</Table.Cell>
                  <Table.Cell>{formatMoney(plan.value)}</Table.Cell>
                  {PLAN_FORM_FLAGS.map((flag) => (
                    <Table.Cell key={flag}>{yesNo(plan[flag])}</Table.Cell>
                  ))}
                  <Table.Cell>
                    <HStack gap="1" justify="flex-end">
                      <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} onClick={() => setEditing(plan)} data-testid="plans-edit">
                        <LuPencil />
                      </IconButton>
                      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('common.delete')} onClick={() => setDeleting(plan)}>
                        <LuTrash2 />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
              {(plansQuery.data ?? []).length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={6 + PLAN_FORM_FLAGS.length} textAlign="center" color="fg.muted">
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
        title={deleting?.name ?? ''}
        message={t('common.confirmDeleteRecord')}
        loading={deletePlan.isPending}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
