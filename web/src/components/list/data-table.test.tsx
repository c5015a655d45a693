import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { DataTable } from './data-table';
import { ListToolbar } from './list-toolbar';
import { RowActions } from './row-actions';

type Row = { id: number; name: string };

describe('the admin list primitives', () => {
  it('a table shows its rows with edit and delete, and the Portuguese empty text without rows', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const rows: Row[] = [{ id: 7, name: 'Ana' }];
    const { rerender } = renderWithProviders(
      <DataTable
        testId="things-table"
        rowTestId="things-row"
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-thing-id': row.id })}
        columns={[{ header: 'Nome', cell: (row) => row.name }]}
        actions={(row) => <RowActions onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />}
      />,
    );
    const row = screen.getByTestId('things-row');
    expect(row.getAttribute('data-thing-id')).toBe('7');
    expect(within(screen.getByTestId('things-table')).getByText('Ações')).toBeTruthy();
    fireEvent.click(within(row).getByLabelText('Editar'));
    fireEvent.click(within(row).getByLabelText('Excluir'));
    expect(onEdit).toHaveBeenCalledWith(rows[0]);
    expect(onDelete).toHaveBeenCalledWith(rows[0]);

    rerender(
      <DataTable
        testId="things-table"
        rowTestId="things-row"
        rows={[]}
        rowKey={(row: Row) => row.id}
        columns={[]}
        emptyTestId="things-empty"
      />,
    );
    expect(screen.getByTestId('things-empty').textContent).toBe('Nenhum registro');
  });

  it('the toolbar searches and adds', () => {
    const onSearch = vi.fn();
    const onAdd = vi.fn();
    renderWithProviders(
      <ListToolbar
        search=""
        onSearchChange={onSearch}
        searchTestId="things-search"
        addLabel="Adicionar"
        onAdd={onAdd}
        addTestId="things-add"
      />,
    );
    fireEvent.change(screen.getByTestId('things-search'), { target: { value: 'ana' } });
    fireEvent.click(screen.getByTestId('things-add'));
    expect(onSearch).toHaveBeenCalledWith('ana');
    expect(onAdd).toHaveBeenCalled();
  });
});
