import { Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import { DataTable, type DataTableColumn } from './data-table';
import { InfiniteListFooter } from './infinite-list-footer';
import { ListToolbar } from './list-toolbar';
import { RowActions } from './row-actions';
import type { useRecordDialogs } from './use-record-dialogs';

/** What the page reads of the list's TanStack infinite query. */
type ListQuery = {
  isFetching: boolean;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

export type RecordListPageProps<T extends { id: number }> = {
  /**
   * The test ids' stem: `<stem>-page`, `-search`, `-add`, `-table`, `-row`, `-empty`, `-edit`, `-delete`
   * (and `-confirm-delete` with `confirmDeleteTestId`).
   */
  testIdStem: string;
  title: string;
  search: string;
  onSearchChange: (value: string) => void;
  searchPlaceholder: string;
  addLabel: string;
  query: ListQuery;
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  /** Data attributes of a row (`data-tag-id`), for tests and the browser journeys. */
  rowProps?: (row: T) => Record<string, string | number | undefined>;
  dialogs: ReturnType<typeof useRecordDialogs<T>>;
  /** Buttons between a row's edit and delete. */
  rowButtons?: (row: T) => ReactNode;
  /** Whether the signed-in user may edit and delete the row (default: every row); others show no buttons. */
  canChange?: (row: T) => boolean;
  /** The editor, while `dialogs.editing` (record null: adding one). */
  editor: (record: T | null) => ReactNode;
  /** The delete confirmation's title, for the record asked about (null once closed). */
  confirmDeleteTitle: (record: T | null) => string;
  confirmDeleteTestId?: boolean;
};

/**
 * An admin list page declared from its config: the heading, the search and add toolbar, the table
 * with each row's edit and delete, the next pages on scroll, the editor and the delete confirmation.
 * The page keeps its query, its columns and its texts.
 */
export function RecordListPage<T extends { id: number }>({
  testIdStem: stem,
  title,
  search,
  onSearchChange,
  searchPlaceholder,
  addLabel,
  query,
  rows,
  columns,
  rowProps,
  dialogs,
  rowButtons,
  canChange = () => true,
  editor,
  confirmDeleteTitle,
  confirmDeleteTestId = false,
}: RecordListPageProps<T>) {
  return (
    <Stack gap="4" data-testid={`${stem}-page`}>
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <ListToolbar
        search={search}
        onSearchChange={onSearchChange}
        searchTestId={`${stem}-search`}
        searchName="searchParam"
        searchPlaceholder={searchPlaceholder}
        addLabel={addLabel}
        onAdd={dialogs.add}
        addTestId={`${stem}-add`}
      />
      <DataTable
        testId={`${stem}-table`}
        rowTestId={`${stem}-row`}
        emptyTestId={`${stem}-empty`}
        busy={query.isFetching}
        loading={query.isPending}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={rowProps}
        columns={columns}
        actions={(row) =>
          canChange(row) ? (
            <RowActions
              onEdit={() => dialogs.edit(row)}
              onDelete={() => dialogs.askDelete(row)}
              editTestId={`${stem}-edit`}
              deleteTestId={`${stem}-delete`}
            >
              {rowButtons?.(row)}
            </RowActions>
          ) : (
            <HStack />
          )
        }
      />
      <InfiniteListFooter query={query} />
      {dialogs.editing && editor(dialogs.editing.record)}
      <ConfirmDialog
        {...dialogs.deleteDialog}
        title={confirmDeleteTitle(dialogs.deleting)}
        confirmTestId={confirmDeleteTestId ? `${stem}-confirm-delete` : undefined}
      />
    </Stack>
  );
}
