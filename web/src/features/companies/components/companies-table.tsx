import { IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuClock } from 'react-icons/lu';

import { DataTable } from '@/components/list/data-table';
import { RowActions } from '@/components/list/row-actions';
import { formatDate } from '@/lib/format';

import type { CompanyResponse } from '../types';
import { type DueDateTone, dueDateTone } from '../utils/due-date';

type CompaniesTableProps = {
  companies: CompanyResponse[];
  onEdit: (company: CompanyResponse) => void;
  onSchedules: (company: CompanyResponse) => void;
  onDelete: (company: CompanyResponse) => void;
  /** More buttons for a row, given by the page (billing's payment confirmation). */
  rowExtra?: (company: CompanyResponse) => ReactNode;
};

const ROW_BACKGROUND: Record<Exclude<DueDateTone, null>, string> = {
  soon: 'yellow.subtle',
  overdue: 'red.subtle',
};

export function CompaniesTable({ companies, onEdit, onSchedules, onDelete, rowExtra }: CompaniesTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <DataTable
      testId="companies-table"
      rowTestId="companies-row"
      rows={companies}
      rowKey={(company) => company.id}
      rowProps={(company) => {
        const tone = dueDateTone(company.dueDate);
        return { bg: tone ? ROW_BACKGROUND[tone] : undefined, 'data-company-id': company.id, 'data-due-tone': tone ?? 'none' };
      }}
      columns={[
        { header: t('companies.form.name'), cell: (company) => company.name },
        { header: t('companies.form.email'), cell: (company) => company.email },
        { header: t('companies.form.phone'), cell: (company) => company.phone },
        { header: t('companies.form.plan'), cell: (company) => company.plan?.name ?? company.planId },
        { header: t('companies.form.status'), cell: (company) => (company.status ? t('common.yes') : t('common.no')) },
        {
          header: t('companies.form.approved'),
          cell: (company) => (company.approved ? t('companies.approved.true') : t('companies.approved.false')),
        },
        { header: t('companies.form.createdAt'), cell: (company) => formatDate(company.createdAt, i18n.language) },
        { header: t('companies.form.dueDate'), cell: (company) => formatDate(company.dueDate, i18n.language) ?? '-' },
        { header: t('companies.form.recurrence'), cell: (company) => t(`companies.recurrence.${company.recurrence}`) },
      ]}
      actions={(company) => (
        <RowActions
          onEdit={() => onEdit(company)}
          onDelete={() => onDelete(company)}
          editTestId="companies-edit"
          deleteTestId="companies-delete"
        >
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={t('settings.tabs.schedules')}
            title={t('settings.tabs.schedules')}
            onClick={() => onSchedules(company)}
            data-testid="companies-schedules"
          >
            <LuClock />
          </IconButton>
          {rowExtra?.(company)}
        </RowActions>
      )}
    />
  );
}
