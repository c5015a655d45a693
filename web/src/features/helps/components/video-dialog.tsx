import { AspectRatio } from '@chakra-ui/react';

import { InfoDialog } from '@/components/ui/info-dialog';

import type { HelpResponse } from '../types';
import { videoEmbedUrl } from '../utils/tutorials';

type VideoDialogProps = {
  help: HelpResponse | null;
  onClose: () => void;
};

/** The embedded player of a help video. */
export function VideoDialog({ help, onClose }: VideoDialogProps) {
  return (
    <InfoDialog open={help !== null} onClose={onClose} title={help?.title} testId="video-dialog" size="xl" bodyProps={{ pb: '6' }}>
      {help && (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={videoEmbedUrl(help.video)}
            title={help.title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        </AspectRatio>
      )}
    </InfoDialog>
  );
}
