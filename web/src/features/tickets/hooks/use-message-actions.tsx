import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError } from '@/components/ui/toaster';

import { useDeleteMessage } from '../api/delete-message';
import { useReactToMessage } from '../api/react-to-message';
import { EditMessageDialog } from '../components/edit-message-dialog';
import { ForwardMessageDialog } from '../components/forward-message-dialog';
import type { MessageMenuHandlers } from '../components/message-menu';
import { ReactionPickerDialog } from '../components/reaction-picker-dialog';
import type { Message } from '../types';
import {
  forwardOrder,
  type ForwardSelection,
  keepSelected,
  NO_SELECTION,
  startSelection,
  toggleSelected,
} from '../utils/forward-selection';

type Open = { kind: 'edit' | 'delete' | 'reactions'; message: Message } | { kind: 'forward'; messageIds: number[] } | null;

/** Selection mode for forwarding: on while `active`, with the ticked messages of this ticket. */
export type MessageSelection = {
  active: boolean;
  selectedIds: ReadonlySet<number>;
  toggle: (message: Message) => void;
  cancel: () => void;
  /** Opens the forward dialog with the ticked messages, or shows the error when none is ticked. */
  forward: () => void;
};

/**
 * The message menu's handlers and the dialogs they open (edit, delete, forward, more reactions).
 * "Encaminhar" enters selection mode on the chat of `ticketId` with that message ticked.
 */
export function useMessageActions(
  onReply: (message: Message) => void,
  ticketId?: number,
): { handlers: MessageMenuHandlers; dialogs: ReactNode; selection: MessageSelection } {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const [picked, setPicked] = useState<ForwardSelection>(NO_SELECTION);
  const reactMutation = useReactToMessage();
  const deleteMutation = useDeleteMessage();

  function react(message: Message, emoji: string) {
    reactMutation.mutate({ id: message.id, emoji }, { onError: toastError });
  }

  async function handleDelete() {
    if (open?.kind !== 'delete') return;
    try {
      await deleteMutation.mutateAsync(open.message.id);
    } catch (error) {
      toastError(error);
    }
    setOpen(null);
  }

  // A selection made on another ticket's chat does not carry over when the chat changes.
  const active = picked.ticketId != null && picked.ticketId === ticketId;
  const selection: MessageSelection = {
    active,
    selectedIds: new Set(active ? picked.messages.keys() : []),
    toggle: (message) => setPicked((current) => toggleSelected(current, message)),
    cancel: () => setPicked(NO_SELECTION),
    forward: () => {
      const messageIds = active ? forwardOrder(picked) : [];
      if (messageIds.length === 0) {
        toastError(t('tickets.forward.noMessages'));
        return;
      }
      setOpen({ kind: 'forward', messageIds });
    },
  };

  function handleForwarded(failedIds: number[]) {
    setOpen(null);
    setPicked((current) => (failedIds.length === 0 ? NO_SELECTION : keepSelected(current, failedIds)));
  }

  const handlers: MessageMenuHandlers = {
    onReply,
    onReact: react,
    onMoreReactions: (message) => setOpen({ kind: 'reactions', message }),
    onForward: (message) => setPicked(startSelection(message)),
    onEdit: (message) => setOpen({ kind: 'edit', message }),
    onDelete: (message) => setOpen({ kind: 'delete', message }),
  };

  const close = () => setOpen(null);
  const dialogs = (
    <>
      {open?.kind === 'edit' && <EditMessageDialog message={open.message} onClose={close} />}
      {open?.kind === 'forward' && <ForwardMessageDialog messageIds={open.messageIds} onForwarded={handleForwarded} onClose={close} />}
      {open?.kind === 'reactions' && (
        <ReactionPickerDialog
          onPick={(emoji) => {
            react(open.message, emoji);
            close();
          }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('tickets.messageMenu.deleteTitle')}
        message={t('tickets.messageMenu.deleteMessage')}
        confirmLabel={t('tickets.messageMenu.delete')}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleDelete()}
        onClose={close}
      />
    </>
  );

  return { handlers, dialogs, selection };
}
