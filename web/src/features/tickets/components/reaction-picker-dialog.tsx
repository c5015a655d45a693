import { Button, CloseButton, Dialog, Portal, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MORE_REACTIONS, QUICK_REACTIONS } from '../utils/message-menu';

type ReactionPickerDialogProps = { onPick: (emoji: string) => void; onClose: () => void };

/** The larger reaction set behind the quick row's '+'. */
export function ReactionPickerDialog({ onPick, onClose }: ReactionPickerDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reaction-picker">
            <Dialog.Header>
              <Dialog.Title>{t('tickets.messageMenu.moreReactions')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SimpleGrid columns={6} gap="1">
                {[...QUICK_REACTIONS, ...MORE_REACTIONS].map((emoji) => (
                  <Button key={emoji} variant="ghost" size="sm" fontSize="xl" onClick={() => onPick(emoji)}>
                    {emoji}
                  </Button>
                ))}
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
