import { Box, Button, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuMapPin, LuPhone } from 'react-icons/lu';

import { useMediaUrl } from '../hooks/use-media-url';
import type { Message } from '../types';
import { parseLocation } from '../utils/location';
import { ContactCardMessage } from './contact-card-message';

/** The media part of a message, by type (image, audio, video, location, contact card, call, file). */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation();
  const url = useMediaUrl(message.mediaUrl) ?? '';
  switch (message.mediaType) {
    case 'image':
      return url ? (
        <Link href={url} target="_blank" rel="noopener noreferrer" data-testid="message-image-link">
          <Image src={url} alt={message.fileName ?? ''} maxW="280px" maxH="280px" borderRadius="md" data-testid="message-image" />
        </Link>
      ) : null;
    case 'audio':
      return url || message.transcript ? (
        <Stack gap="1">
          {url && <audio controls src={url} data-testid="message-audio" />}
          {message.transcript && (
            <Text fontSize="sm" fontStyle="italic" whiteSpace="pre-wrap" maxW="280px" data-testid="message-transcript">
              <Text as="span" fontWeight="semibold" fontStyle="normal">
                {t('tickets.chat.transcript')}:{' '}
              </Text>
              {message.transcript}
            </Text>
          )}
        </Stack>
      ) : null;
    case 'video':
      return url ? <video controls src={url} style={{ maxWidth: 280, maxHeight: 280 }} data-testid="message-video" /> : null;
    case 'locationMessage': {
      const location = parseLocation(message.body);
      return (
        <Stack gap="1" data-testid="message-location">
          {location.image && <Image src={location.image} alt={t('tickets.chat.location')} maxW="240px" borderRadius="md" />}
          <Link href={location.link} target="_blank" rel="noreferrer" fontSize="sm">
            <LuMapPin /> {location.description || t('tickets.chat.location')}
          </Link>
        </Stack>
      );
    }
    case 'contactMessage':
    case 'vcard':
      return <ContactCardMessage body={message.body} />;
    case 'call_log':
      return (
        <Box display="flex" alignItems="center" gap="2" data-testid="message-call">
          <LuPhone /> <Text fontSize="sm">{t('tickets.chat.call')}</Text>
        </Box>
      );
    case 'application':
    case 'document':
      return url ? (
        <Button asChild size="xs" variant="outline" data-testid="message-download">
          <a href={url} target="_blank" rel="noopener noreferrer" download={message.fileName ?? true}>
            <LuDownload /> {message.fileName ?? t('tickets.chat.download')}
          </a>
        </Button>
      ) : null;
    default:
      return null;
  }
}

/** Whether the body is shown as text under the media (a location's body is its data). */
export function showsBodyText(message: Message): boolean {
  return !['locationMessage', 'contactMessage', 'vcard', 'call_log', 'reactionMessage'].includes(message.mediaType);
}
