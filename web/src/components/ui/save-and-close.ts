import { toastError, toastSuccess } from './toaster';

type SaveMutation<V> = { mutateAsync: (variables: V) => Promise<unknown> };

type SaveAndCloseOptions = {
  /** The toast once saved. */
  saved: string;
  /** Closes the dialog once saved. */
  onClose: () => void;
  /** A refusal the dialog shows itself (under a field): true when it did; anything else is toasted. */
  onError?: (error: unknown) => boolean;
};

/** An add-or-edit dialog's save: the mutation, its toast and the close, or the refusal's toast. */
export async function saveAndClose<V>(mutation: SaveMutation<V>, variables: V, { saved, onClose, onError }: SaveAndCloseOptions) {
  try {
    await mutation.mutateAsync(variables);
    toastSuccess(saved);
    onClose();
  } catch (error) {
    if (!onError?.(error)) toastError(error);
  }
}
