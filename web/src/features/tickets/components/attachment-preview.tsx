import { Box, CloseButton, Image, Tag } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type AttachmentPreviewProps = { file: File; onRemove: () => void };

/** Whether a chosen file gets a thumbnail rather than its name alone. */
export function hasThumbnail(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/') || file.type.startsWith('video/');
}

/** The agent's own file, shown from memory while it waits to be sent; the URL is released with it. */
function useLocalUrl(file: File, wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // Without object URLs (older engines, tests) the file shows by its name.
    if (!wanted || typeof URL.createObjectURL !== 'function') return;
    const local = URL.createObjectURL(file);
    setUrl(local);
    return () => URL.revokeObjectURL(local);
  }, [file, wanted]);
  return url;
}

/** A file chosen to send: a thumbnail for an image or a video (as WhatsApp Web), else its name. */
export function AttachmentPreview({ file, onRemove }: AttachmentPreviewProps) {
  const { t } = useTranslation();
  const thumbnail = hasThumbnail(file);
  const url = useLocalUrl(file, thumbnail);
  if (!thumbnail || !url) {
    return (
      <Tag.Root size="md" data-testid="message-attachment">
        <Tag.Label>{file.name}</Tag.Label>
        <Tag.EndElement>
          <Tag.CloseTrigger aria-label={t('tickets.input.removeAttachment')} onClick={onRemove} />
        </Tag.EndElement>
      </Tag.Root>
    );
  }
  return (
    <Box
      position="relative"
      boxSize="16"
      borderRadius="md"
      overflow="hidden"
      borderWidth="1px"
      title={file.name}
      data-testid="message-attachment"
    >
      {file.type.startsWith('image/') ? (
        <Image src={url} alt={file.name} boxSize="full" objectFit="cover" data-testid="message-attachment-thumbnail" />
      ) : (
        <video
          src={url}
          muted
          preload="metadata"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          data-testid="message-attachment-thumbnail"
          aria-label={file.name}
        />
      )}
      <CloseButton
        position="absolute"
        top="0.5"
        right="0.5"
        size="2xs"
        variant="solid"
        aria-label={t('tickets.input.removeAttachment')}
        onClick={onRemove}
      />
    </Box>
  );
}
