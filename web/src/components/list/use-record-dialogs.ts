import { useState } from 'react';

import { toastSuccess } from '@/components/ui/toaster';

/** A page's delete mutation: what the hook needs of it. */
type DeleteMutation = { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };

type RecordDialogsOptions<T> = {
  /** Deletes the record asked about, by id. */
  remove: DeleteMutation;
  /** The toast once it is gone. */
  deletedMessage: string;
  /** After a delete went through (a paginated list steps back from a page it emptied). */
  onDeleted?: (record: T) => void;
  /** A delete that failed; by default the query client's toast says it (its mutation is not silent). */
  onDeleteError?: (error: unknown) => void;
};

/**
 * The wiring every list page with an editor and a delete confirmation repeats: which record the
 * editor shows (`{ record: null }` adds one), which one the confirmation asks about, and the delete
 * itself with its toast. The page keeps its own texts and test ids.
 */
export function useRecordDialogs<T extends { id: number }>({ remove, deletedMessage, onDeleted, onDeleteError }: RecordDialogsOptions<T>) {
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toastSuccess(deletedMessage);
      // An editor left open on the record just deleted (an inline form) closes.
      if (editing?.record?.id === deleting.id) setEditing(null);
      onDeleted?.(deleting);
    } catch (error) {
      onDeleteError?.(error);
    } finally {
      setDeleting(null);
    }
  }

  return {
    /** null: no editor; `{ record: null }`: adding; `{ record }`: editing it. */
    editing,
    add: () => setEditing({ record: null }),
    edit: (record: T) => setEditing({ record }),
    closeEditor: () => setEditing(null),
    /** The record the confirmation asks about. */
    deleting,
    askDelete: (record: T) => setDeleting(record),
    /** The confirmation's open state and answers, spread into `ConfirmDialog` beside its title. */
    deleteDialog: {
      open: deleting !== null,
      loading: remove.isPending,
      onConfirm: () => void confirmDelete(),
      onClose: () => setDeleting(null),
    },
  };
}
