import { CloseButton, Dialog, List, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Tutorial } from '../types';

type TutorialDialogProps = {
  tutorial: Tutorial | null;
  onClose: () => void;
};

/** The steps of a text tutorial; Escape closes it. */
export function TutorialDialog({ tutorial, onClose }: TutorialDialogProps) {
  const { t } = useTranslation();

  function handleOpenChange(details: { open: boolean }) {
    if (!details.open) onClose();
  }

  return (
    <Dialog.Root open={tutorial !== null} onOpenChange={handleOpenChange} closeOnEscape size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="tutorial-dialog">
            {tutorial && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t(`helps.tutorials.${tutorial.id}.title` as 'helps.title')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text color="fg.muted" mb="3">
                    {t('helps.minutes', { count: tutorial.minutes })}
                  </Text>
                  <List.Root as="ol" gap="2" ps="5">
                    {Array.from({ length: tutorial.steps }, (_, index) => (
                      <List.Item key={index}>{t(`helps.tutorials.${tutorial.id}.s${index + 1}` as 'helps.title')}</List.Item>
                    ))}
                  </List.Root>
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('common.close')} />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
