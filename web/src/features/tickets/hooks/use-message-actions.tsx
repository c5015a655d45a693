import { useState, type ReactNode } from 'react';
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

type Open = { kind: 'edit' | 'delete' | 'forward' | 'reactions'; message: Message } | null;

/** The message menu's handlers and the dialogs they open (edit, delete, forward, more reactions). */
export function useMessageActions(onReply: (message: Message) => void): { handlers: MessageMenuHandlers; dialogs: ReactNode } {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
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

  const handlers: MessageMenuHandlers = {
    onReply,
    onReact: react,
    onMoreReactions: (message) => setOpen({ kind: 'reactions', message }),
    onForward: (message) => setOpen({ kind: 'forward', message }),
    onEdit: (message) => setOpen({ kind: 'edit', message }),
    onDelete: (message) => setOpen({ kind: 'delete', message }),
  };

  const close = () => setOpen(null);
  const dialogs = (
    <>
      {open?.kind === 'edit' && <EditMessageDialog message={open.message} onClose={close} />}
      {open?.kind === 'forward' && <ForwardMessageDialog messageIds={[open.message.id]} onClose={close} />}
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

  return { handlers, dialogs };
}
