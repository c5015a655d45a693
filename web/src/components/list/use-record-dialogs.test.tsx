import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { Toaster, toaster } from '@/components/ui/toaster';
import { renderWithProviders } from '@/testing/test-utils';

type Row = { id: number; name: string };
const first: Row = { id: 1, name: 'Suporte' };

describe('useRecordDialogs', () => {
  afterEach(() => {
    act(() => toaster.remove());
  });

  it('opens the editor to add or edit, and closes it', () => {
    const remove = { mutateAsync: vi.fn(), isPending: false };
    const { result } = renderHook(() => useRecordDialogs<Row>({ remove, deletedMessage: 'Excluído' }));
    expect(result.current.editing).toBeNull();
    act(() => result.current.add());
    expect(result.current.editing).toEqual({ record: null });
    act(() => result.current.edit(first));
    expect(result.current.editing).toEqual({ record: first });
    act(() => result.current.closeEditor());
    expect(result.current.editing).toBeNull();
  });

  it('deletes the record asked about once confirmed, says so, and closes an editor left on it', async () => {
    renderWithProviders(<Toaster />);
    const remove = { mutateAsync: vi.fn().mockResolvedValue(undefined), isPending: false };
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useRecordDialogs<Row>({ remove, deletedMessage: 'Fila excluída', onDeleted }));
    act(() => result.current.edit(first));
    act(() => result.current.askDelete(first));
    expect(result.current.deleteDialog.open).toBe(true);
    expect(result.current.deleting).toBe(first);
    await act(async () => result.current.deleteDialog.onConfirm());
    await waitFor(() => expect(result.current.deleteDialog.open).toBe(false));
    expect(remove.mutateAsync).toHaveBeenCalledWith(1);
    expect(onDeleted).toHaveBeenCalledWith(first);
    expect(result.current.editing).toBeNull();
    expect(await screen.findByText('Fila excluída')).toBeTruthy();
  });

  it('a failed delete closes the confirmation and goes to its error handler, without the success toast', async () => {
    renderWithProviders(<Toaster />);
    const failure = new Error('boom');
    const remove = { mutateAsync: vi.fn().mockRejectedValue(failure), isPending: false };
    const onDeleteError = vi.fn();
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useRecordDialogs<Row>({ remove, deletedMessage: 'Fila excluída', onDeleted, onDeleteError }));
    act(() => result.current.askDelete(first));
    await act(async () => result.current.deleteDialog.onConfirm());
    await waitFor(() => expect(result.current.deleteDialog.open).toBe(false));
    expect(onDeleteError).toHaveBeenCalledWith(failure);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.queryByText('Fila excluída')).toBeNull();
  });

  it('cancelling asks nothing', () => {
    const remove = { mutateAsync: vi.fn(), isPending: true };
    const { result } = renderHook(() => useRecordDialogs<Row>({ remove, deletedMessage: 'Excluído' }));
    act(() => result.current.askDelete(first));
    expect(result.current.deleteDialog.loading).toBe(true);
    act(() => result.current.deleteDialog.onClose());
    expect(result.current.deleteDialog.open).toBe(false);
    expect(remove.mutateAsync).not.toHaveBeenCalled();
  });
});
