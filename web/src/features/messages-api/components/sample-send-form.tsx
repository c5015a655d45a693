import { Button, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError, toastSuccess } from '@/components/ui/toaster';

import { sendSample } from '../api/send-sample';
import { SampleNumberInput, SampleTokenInput } from './sample-fields';

/** A live sample of POST /api/messages/send: text (JSON) or media (multipart). */
export function SampleSendForm({ kind, token: initialToken }: { kind: 'text' | 'media'; token: string }) {
  const { t } = useTranslation();
  const [token, setToken] = useState(initialToken);
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const ready = token.trim() && number.trim() && (kind === 'text' ? body.trim() : file);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      const answer = await sendSample(token, { number, body, file: kind === 'media' ? file : null });
      setResult(JSON.stringify(answer, null, 2));
      toastSuccess(t('messagesApi.sample.sent'));
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} data-testid={`sample-${kind}-form`}>
      <Stack gap="3">
        <Heading as="h2" size="md">
          {kind === 'text' ? t('messagesApi.sample.textTitle') : t('messagesApi.sample.mediaTitle')}
        </Heading>
        <SampleTokenInput value={token} onChange={setToken} testId={`sample-${kind}-token`} />
        <SampleNumberInput value={number} onChange={setNumber} testId={`sample-${kind}-number`} />
        <Textarea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-label={t('messagesApi.sample.body')}
          placeholder={t('messagesApi.sample.body')}
          data-testid={`sample-${kind}-body`}
        />
        {kind === 'media' && (
          <Input
            type="file"
            padding="1"
            aria-label={t('messagesApi.sample.file')}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            data-testid="sample-media-file"
          />
        )}
        <Button type="submit" disabled={!ready} loading={sending} alignSelf="start" data-testid={`sample-${kind}-send`}>
          {t('messagesApi.sample.send')}
        </Button>
        {result && (
          <Text as="pre" fontSize="xs" whiteSpace="pre-wrap" data-testid={`sample-${kind}-result`}>
            {result}
          </Text>
        )}
      </Stack>
    </form>
  );
}
