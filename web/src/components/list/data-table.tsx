import { Box, Center, Spinner, Table } from '@chakra-ui/react';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type DataTableColumn<T> = {
  header: ReactNode;
  cell: (row: T) => ReactNode;
};

type DataTableProps<T> = {
  /** The table's test id; rows get `rowTestId`. */
  testId: string;
  rowTestId: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Extra attributes of a row (data-*, background). */
  rowProps?: (row: T) => Record<string, string | number | undefined>;
  /** The last column, 'Ações', aligned to the end: usually a <RowActions>. */
  actions?: (row: T) => ReactNode;
  /** A spinner row while the first page loads. */
  loading?: boolean;
  busy?: boolean;
  emptyTestId?: string;
  /** The table's name for a screen reader (its scrolling box is a Tab stop); "Tabela" when not given. */
  label?: string;
};

/** The admin lists' table: a bordered box, one header row, the rows, a loading row and 'Nenhum registro'. */
export function DataTable<T>({
  testId,
  rowTestId,
  columns,
  rows,
  rowKey,
  rowProps,
  actions,
  loading,
  busy,
  emptyTestId,
  label,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const span = columns.length + (actions ? 1 : 0);
  return (
    // On a phone the table scrolls sideways: its box is a Tab stop, so the keyboard can scroll it too.
    <Box borderWidth="1px" borderRadius="md" bg="bg" overflowX="auto" tabIndex={0} role="region" aria-label={label ?? t('common.table')}>
      <Table.Root size="sm" data-testid={testId} aria-busy={busy}>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={index}>{column.header}</Table.ColumnHeader>
            ))}
            {actions && <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} data-testid={rowTestId} {...rowProps?.(row)}>
              {columns.map((column, index) => (
                <Table.Cell key={index}>{column.cell(row)}</Table.Cell>
              ))}
              {actions && <Table.Cell>{actions(row)}</Table.Cell>}
            </Table.Row>
          ))}
          {loading && (
            <Table.Row>
              <Table.Cell colSpan={span}>
                <Center py="4">
                  <Spinner size="sm" role="status" aria-label={t('common.loading')} />
                </Center>
              </Table.Cell>
            </Table.Row>
          )}
          {!loading && rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={span} textAlign="center" color="fg.muted" data-testid={emptyTestId}>
                {t('common.noRecords')}
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
