import { Center, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { RowActions } from '@/components/list/row-actions';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney } from '@/lib/format';

import { useDeletePlan } from '../api/delete-plan';
import { usePlans } from '../api/get-plans';
import { PLAN_FORM_FLAGS, type PlanResponse } from '../types';
import { PlanForm } from './plan-form';

/** The Plans tab (super users): the form above the table. */
export function PlansManager() {
  const { t } = useTranslation();
  const plansQuery = usePlans();
  const deletePlan = useDeletePlan();
  const dialogs = useRecordDialogs<PlanResponse>({ remove: deletePlan, deletedMessage: t('common.operationSuccess') });
  const editing = dialogs.editing?.record ?? null;

  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  return (
    <Stack gap="5" data-testid="plans-manager">
      <PlanForm key={editing?.id ?? 'new'} plan={editing} onDone={dialogs.closeEditor} />
      {plansQuery.isPending ? (
        <Center py="6">
          <Spinner aria-label={t('common.loading')} />
        </Center>
      ) : (
        <DataTable
          testId="plans-table"
          rowTestId="plans-row"
          rows={plansQuery.data ?? []}
          rowKey={(plan) => plan.id}
          rowProps={(plan) => ({ 'data-plan-id': plan.id })}
          columns={[
            { header: t('plans.form.name'), cell: (plan) => plan.name },
            { header: t('plans.form.users'), cell: (plan) => plan.users },
            { header: t('plans.form.connections'), cell: (plan) => plan.connections },
            { header: t('plans.form.queues'), cell: (plan) => plan.queues },
            { header: t('plans.form.value'), cell: (plan) => formatMoney(plan.value) },
            ...PLAN_FORM_FLAGS.map((flag) => ({ header: t(`plans.flags.${flag}`), cell: (plan: PlanResponse) => yesNo(plan[flag]) })),
          ]}
          actions={(plan) => (
            <RowActions onEdit={() => dialogs.edit(plan)} onDelete={() => dialogs.askDelete(plan)} editTestId="plans-edit" />
          )}
        />
      )}
      <ConfirmDialog {...dialogs.deleteDialog} title={dialogs.deleting?.name ?? ''} message={t('common.confirmDeleteRecord')} />
    </Stack>
  );
}
