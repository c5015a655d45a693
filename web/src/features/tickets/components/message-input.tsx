import { MEDIA_UPLOAD_MAX_BYTES } from '@app/contracts';
import { Box, CloseButton, Flex, HStack, IconButton, Progress, Switch, Tag, Text, Textarea } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMic, LuPaperclip, LuSend, LuSquare, LuX } from 'react-icons/lu';

import { useQuickMessageOptions, useQuickMessagesRealtime } from '@/api/quick-messages';
import { toastError, toastWarning } from '@/components/ui/toaster';
import { CopilotPanel } from '@/features/copilot/components/copilot-panel';

import { useSendMedia } from '../api/send-media';
import { type StoredMedia, useSendMessage } from '../api/send-message';
import { useAudioRecorder } from '../hooks/use-audio-recorder';
import { composeMessageBody, useSignMessage } from '../hooks/use-sign-message';
import type { Message } from '../types';
import { recordingToMp3 } from '../utils/audio-to-mp3';
import { prepareAttachment } from '../utils/compress-image';
import { isRecordingLongEnough, oversizedFiles } from '../utils/media-rules';
import { fillQuickMessageVariables, matchingQuickMessages, type QuickMessageContact } from '../utils/quick-message-text';
import { AttachmentPreview } from './attachment-preview';
import { QUICK_MESSAGE_SUGGESTIONS_ID, quickMessageOptionId, QuickMessageSuggestions } from './quick-message-suggestions';

/** Spec 1 section 9: the input grows to 5 rows at most. */
export const MESSAGE_INPUT_MAX_ROWS = 5;

type MessageInputProps = {
  ticketId: number;
  userName?: string;
  /** False on a closed ticket: it must be reopened or accepted first. */
  canSend: boolean;
  /** The message being replied to (quoted), chosen in the message menu. */
  replyTo?: Message | null;
  onCancelReply?: () => void;
  /** Whose `{{name}}`-style variables a quick message picked with '/' is filled in with. */
  contact?: QuickMessageContact | null;
  /** The company whose quick message events keep the '/' suggestions current. */
  companyId?: number;
};

/** The chat's text input with the sign-message toggle; empty or blank text is not sent. */
export function MessageInput({ ticketId, userName, canSend, replyTo, onCancelReply, contact, companyId }: MessageInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sign, setSign] = useSignMessage();
  const sendMutation = useSendMessage();
  const mediaMutation = useSendMedia();
  const recorder = useAudioRecorder();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const blank = text.trim().length === 0;
  // Quick messages: '/' and at least one more character suggests them; a pick fills the text and attaches its file.
  const quickMessages = useQuickMessageOptions(canSend);
  useQuickMessagesRealtime(companyId);
  const [quickMedia, setQuickMedia] = useState<StoredMedia | null>(null);
  const [suggestionIndex, setSuggestionIndex] = useState(0);
  const [suggestionsClosed, setSuggestionsClosed] = useState(false);
  const suggestions = useMemo(() => matchingQuickMessages(quickMessages.data ?? [], text), [quickMessages.data, text]);
  const showSuggestions = !suggestionsClosed && suggestions.length > 0;
  const activeSuggestion = showSuggestions ? suggestions[Math.min(suggestionIndex, suggestions.length - 1)] : undefined;

  function handleTextChange(value: string) {
    setText(value);
    setSuggestionIndex(0);
    setSuggestionsClosed(false);
  }

  function handlePickQuickMessage(quickMessage: (typeof suggestions)[number]) {
    setText(fillQuickMessageVariables(quickMessage.message, contact));
    setQuickMedia(
      quickMessage.mediaPath && quickMessage.mimetype
        ? { mediaUrl: quickMessage.mediaPath, mimetype: quickMessage.mimetype, fileName: quickMessage.mediaName ?? 'file' }
        : null,
    );
    setSuggestionsClosed(true);
  }

  async function upload(attachments: File[], caption: string) {
    setProgress(0);
    try {
      const prepared = await Promise.all(attachments.map(prepareAttachment));
      const oversized = oversizedFiles(prepared);
      if (oversized.length > 0) {
        toastWarning(
          t('tickets.input.fileTooLarge', {
            names: oversized.map((file) => file.name).join(', '),
            max: MEDIA_UPLOAD_MAX_BYTES / (1024 * 1024),
          }),
        );
        return false;
      }
      await mediaMutation.mutateAsync({ ticketId, files: prepared, body: caption, onProgress: setProgress });
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      setProgress(null);
    }
  }

  async function handleSendFiles() {
    if (files.length === 0 || !canSend) return;
    const caption = blank ? '' : composeMessageBody(text, sign, userName);
    if (await upload(files, caption)) {
      setFiles([]);
      setText('');
    }
  }

  async function handleRecord() {
    if (!recorder.recording) {
      try {
        await recorder.start();
      } catch (error) {
        toastError(error);
      }
      return;
    }
    const recording = await recorder.stop();
    // The 10000-byte floor applies to the recording as made, before it is encoded (as in Whaticket).
    if (!recording || !isRecordingLongEnough(recording.size)) {
      toastWarning(t('tickets.input.audioTooShort'));
      return;
    }
    setProgress(0);
    let mp3: File;
    try {
      mp3 = await recordingToMp3(recording);
    } catch (error) {
      setProgress(null);
      toastError(error);
      return;
    }
    await upload([mp3], '');
  }

  function handleFilesChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length) setFiles((current) => [...current, ...chosen]);
  }

  async function handleSendQuickMedia(media: StoredMedia) {
    if (sendMutation.isPending) return;
    try {
      await sendMutation.mutateAsync({ ticketId, body: blank ? '' : composeMessageBody(text, sign, userName), media });
      setQuickMedia(null);
      setText('');
    } catch (error) {
      toastError(error);
      return;
    }
    // Files chosen besides go after it, without a caption.
    if (files.length > 0 && (await upload(files, ''))) setFiles([]);
  }

  async function handleSend() {
    if (quickMedia) {
      await handleSendQuickMedia(quickMedia);
      return;
    }
    if (files.length > 0) {
      await handleSendFiles();
      return;
    }
    if (blank || !canSend || sendMutation.isPending) return;
    const body = composeMessageBody(text, sign, userName);
    try {
      await sendMutation.mutateAsync({
        ticketId,
        body,
        quotedMsg: replyTo ? { id: replyTo.id, body: replyTo.body, fromMe: replyTo.fromMe } : null,
      });
      setText('');
      onCancelReply?.();
    } catch (error) {
      toastError(error);
    }
  }

  function handleKeyDown(event: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (activeSuggestion) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : suggestions.length - 1;
        setSuggestionIndex((Math.min(suggestionIndex, suggestions.length - 1) + step) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        handlePickQuickMessage(activeSuggestion);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setSuggestionsClosed(true);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void handleSend();
    }
  }

  if (!canSend) {
    return (
      <Box px="4" py="3" borderTopWidth="1px" bg="bg.muted" data-testid="message-input-closed">
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          {t('tickets.input.closed')}
        </Text>
      </Box>
    );
  }

  return (
    <Box borderTopWidth="1px" bg="bg.panel">
      {replyTo && (
        <Flex
          mx="3"
          mt="2"
          px="3"
          py="1"
          gap="2"
          align="center"
          bg="bg.muted"
          borderLeftWidth="4px"
          borderLeftColor={replyTo.fromMe ? 'green.500' : 'blue.500'}
          borderRadius="sm"
          data-testid="message-reply-preview"
        >
          <Box flex="1" minW="0">
            <Text fontSize="xs" fontWeight="semibold">
              {t('tickets.input.replyingTo', { name: replyTo.fromMe ? t('tickets.input.you') : (replyTo.contact?.name ?? '') })}
            </Text>
            <Text fontSize="xs" truncate>
              {replyTo.body}
            </Text>
          </Box>
          <CloseButton size="2xs" aria-label={t('tickets.input.cancelReply')} onClick={onCancelReply} />
        </Flex>
      )}
      {showSuggestions && (
        <QuickMessageSuggestions suggestions={suggestions} activeIndex={suggestionIndex} onPick={handlePickQuickMessage} />
      )}
      {quickMedia && (
        <HStack mx="3" mt="2" gap="2" data-testid="message-quick-media">
          <Tag.Root size="md" colorPalette="brand">
            <Tag.StartElement>
              <LuPaperclip />
            </Tag.StartElement>
            <Tag.Label>{quickMedia.fileName}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger aria-label={t('tickets.input.removeAttachment')} onClick={() => setQuickMedia(null)} />
            </Tag.EndElement>
          </Tag.Root>
        </HStack>
      )}
      {files.length > 0 && (
        <HStack mx="3" mt="2" gap="2" wrap="wrap" data-testid="message-attachments">
          {files.map((file, index) => (
            <AttachmentPreview
              key={`${file.name}-${index}`}
              file={file}
              onRemove={() => setFiles((current) => current.filter((_, i) => i !== index))}
            />
          ))}
        </HStack>
      )}
      {progress != null && (
        <Progress.Root mx="3" mt="2" size="xs" value={Math.round(progress * 100)} data-testid="message-upload-progress">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Flex gap="2" px="3" py="2" align="flex-end" data-testid="message-input">
        <input ref={fileInput} type="file" multiple hidden onChange={handleFilesChosen} data-testid="message-file-input" />
        <IconButton
          variant="ghost"
          aria-label={t('tickets.input.attach')}
          title={t('tickets.input.attach')}
          onClick={() => fileInput.current?.click()}
          disabled={recorder.recording || progress != null}
          data-testid="message-attach"
        >
          <LuPaperclip />
        </IconButton>
        <CopilotPanel ticketId={ticketId} draft={text} onUseText={setText} />
        <Switch.Root
          size="sm"
          checked={sign}
          onCheckedChange={(details) => setSign(details.checked)}
          display={{ base: 'none', md: 'inline-flex' }}
          mb="2"
          data-testid="message-sign-toggle"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('tickets.input.signMessage')}</Switch.Label>
        </Switch.Root>
        <Textarea
          value={text}
          onChange={(event) => handleTextChange(event.target.value)}
          onKeyDown={handleKeyDown}
          role="combobox"
          aria-expanded={showSuggestions}
          aria-controls={showSuggestions ? QUICK_MESSAGE_SUGGESTIONS_ID : undefined}
          aria-activedescendant={activeSuggestion ? quickMessageOptionId(activeSuggestion.id) : undefined}
          aria-autocomplete="list"
          // Grows with the text, wrapped lines included, up to 5 rows (1 rem of padding and 2 px of border besides).
          rows={1}
          autoresize
          maxH={`calc(${MESSAGE_INPUT_MAX_ROWS}lh + 1rem + 2px)`}
          placeholder={t('tickets.input.placeholder')}
          aria-label={t('tickets.input.placeholder')}
          data-testid="message-text"
        />
        {blank && files.length === 0 && !quickMedia ? (
          <HStack gap="1">
            {recorder.recording && (
              <IconButton
                variant="ghost"
                aria-label={t('tickets.input.cancelRecording')}
                onClick={recorder.cancel}
                data-testid="message-record-cancel"
              >
                <LuX />
              </IconButton>
            )}
            <IconButton
              aria-label={recorder.recording ? t('tickets.input.stopRecording') : t('tickets.input.record')}
              title={recorder.recording ? t('tickets.input.stopRecording') : t('tickets.input.record')}
              colorPalette={recorder.recording ? 'red' : 'brand'}
              onClick={() => void handleRecord()}
              loading={progress != null}
              data-testid="message-record"
            >
              {recorder.recording ? <LuSquare /> : <LuMic />}
            </IconButton>
          </HStack>
        ) : (
          <IconButton
            aria-label={t('tickets.input.send')}
            title={t('tickets.input.send')}
            colorPalette="brand"
            onClick={() => void handleSend()}
            loading={sendMutation.isPending || progress != null}
            data-testid="message-send"
          >
            <LuSend />
          </IconButton>
        )}
      </Flex>
    </Box>
  );
}
