import { AspectRatio, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { HelpResponse } from '../types';
import { videoEmbedUrl } from '../utils/tutorials';

type VideoDialogProps = {
  help: HelpResponse | null;
  onClose: () => void;
};

/** The embedded player of a help video. */
export function VideoDialog({ help, onClose }: VideoDialogProps) {
  const { t } = useTranslation();

  function handleOpenChange(details: { open: boolean }) {
    if (!details.open) onClose();
  }

  return (
    <Dialog.Root open={help !== null} onOpenChange={handleOpenChange} size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="video-dialog">
            {help && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{help.title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body pb="6">
                  <AspectRatio ratio={16 / 9}>
                    <iframe
                      src={videoEmbedUrl(help.video)}
                      title={help.title}
                      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                      allowFullScreen
                    />
                  </AspectRatio>
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
