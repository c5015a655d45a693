import { Box, HStack, IconButton, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuClock, LuPencil, LuTrash2 } from 'react-icons/lu';
import { formatDate } from '@/lib/dates';
import type { CompanyResponse } from '../types';
import { dueDateTone, type DueDateTone } from '../utils/due-date';

type CompaniesTableProps = {
  companies: CompanyResponse[];
  onEdit: (company: CompanyResponse) => void;
  onSchedules: (company: CompanyResponse) => void;
  onDelete: (company: CompanyResponse) => void;
};

const ROW_BACKGROUND: Record<Exclude<DueDateTone, null>, string> = {
  soon: 'yellow.subtle',
  overdue: 'red.subtle',
};

export function CompaniesTable({ companies, onEdit, onSchedules, onDelete }: CompaniesTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box borderWidth="1px" borderRadius="md" bg="bg" overflowX="auto">
      <Table.Root size="sm" data-testid="companies-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('companies.form.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.form.email')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.form.phone')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.form.plan')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.form.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.form.approved')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.form.createdAt')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.form.dueDate')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.form.recurrence')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {companies.map((company) => {
            const tone = dueDateTone(company.dueDate);
            return (
              <Table.Row
                key={company.id}
                bg={tone ? ROW_BACKGROUND[tone] : undefined}
                data-testid="companies-row"
                data-company-id={company.id}
                data-due-tone={tone ?? 'none'}
              >
                <Table.Cell>{company.name}</Table.Cell>
                <Table.Cell>{company.email}</Table.Cell>
                <Table.Cell>{company.phone}</Table.Cell>
                <Table.Cell>{company.plan?.name ?? company.planId}</Table.Cell>
                <Table.Cell>{company.status ? t('common.yes') : t('common.no')}</Table.Cell>
                <Table.Cell>{company.approved ? t('companies.approved.true') : t('companies.approved.false')}</Table.Cell>
                <Table.Cell>{formatDate(company.createdAt, i18n.language)}</Table.Cell>
                <Table.Cell>{formatDate(company.dueDate, i18n.language) ?? '-'}</Table.Cell>
                <Table.Cell>{t(`companies.recurrence.${company.recurrence}`)}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1" justify="flex-end">
                    <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} onClick={() => onEdit(company)} data-testid="companies-edit">
                      <LuPencil />
                    </IconButton>
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
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('common.delete')}
                      onClick={() => onDelete(company)}
                      data-testid="companies-delete"
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            );
          })}
          {companies.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={10} textAlign="center" color="fg.muted">
                {t('common.noRecords')}
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
