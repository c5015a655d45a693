import { KNOWLEDGE_LIMITS, type KnowledgeDocument } from '@app/contracts';
import { Badge, Box, Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTrash2, LuUpload } from 'react-icons/lu';

import { toastError, toastSuccess } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';

import { useAddKnowledgeUrl, useDeleteKnowledge, useKnowledgeDocuments, useUploadKnowledge } from '../api/knowledge';

const ACCEPTED = '.pdf,.docx,.txt,.md,.markdown,application/pdf,text/plain,text/markdown';

/** Bytes as people read them: 512 B, 12 KB, 3.4 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * An agent's knowledge documents in its Config / edit flow: upload (drag and drop or the picker), a
 * web page by its address, the list with status and size, delete. The agent answers from the ready ones.
 */
export function AgentDocuments({ agentId }: { agentId: number }) {
  const { t, i18n } = useTranslation();
  const documents = useKnowledgeDocuments(agentId);
  const upload = useUploadKnowledge(agentId);
  const addUrl = useAddKnowledgeUrl(agentId);
  const remove = useDeleteKnowledge(agentId);
  const picker = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [dragging, setDragging] = useState(false);

  const report = (document: KnowledgeDocument) => {
    if (document.status === 'failed')
      toastError(t('knowledge.failedToRead', { title: document.title, reason: t(`knowledge.failures.${document.error ?? 'unreadable'}`) }));
    else toastSuccess(t('knowledge.added', { title: document.title }));
  };
  const send = async (files: File[]) => {
    for (const file of files) {
      if (file.size > KNOWLEDGE_LIMITS.uploadBytes) {
        toastError(t('knowledge.tooLarge', { name: file.name, max: formatSize(KNOWLEDGE_LIMITS.uploadBytes) }));
        continue;
      }
      try {
        report(await upload.mutateAsync(file));
      } catch (error) {
        toastError(getErrorMessage(error, i18n));
      }
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  };
  const submitUrl = async () => {
    try {
      report(await addUrl.mutateAsync(url.trim()));
      setUrl('');
    } catch (error) {
      toastError(getErrorMessage(error, i18n));
    }
  };

  return (
    <Stack gap="3" mt="6" data-testid="agent-documents">
      <Text fontWeight="semibold">{t('knowledge.title')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('knowledge.help')}
      </Text>
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'brand.solid' : 'border'}
        borderRadius="md"
        p="4"
        textAlign="center"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="agent-documents-drop"
      >
        <input
          ref={picker}
          type="file"
          hidden
          multiple
          accept={ACCEPTED}
          onChange={(event) => {
            void send([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
          data-testid="agent-documents-input"
        />
        <Text fontSize="sm" mb="2">
          {t('knowledge.drop', { max: formatSize(KNOWLEDGE_LIMITS.uploadBytes) })}
        </Text>
        <Button size="sm" variant="outline" loading={upload.isPending} onClick={() => picker.current?.click()}>
          <LuUpload /> {t('knowledge.choose')}
        </Button>
      </Box>
      <HStack
        as="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submitUrl();
        }}
      >
        <Input
          size="sm"
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://"
          aria-label={t('knowledge.url')}
          data-testid="agent-documents-url"
        />
        <Button size="sm" type="submit" disabled={!url.trim()} loading={addUrl.isPending} data-testid="agent-documents-add-url">
          {t('knowledge.addUrl')}
        </Button>
      </HStack>
      {documents.data?.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('knowledge.empty')}
        </Text>
      )}
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
        {documents.data?.map((document) => (
          <HStack as="li" key={document.id} justify="space-between" borderBottomWidth="1px" py="1" data-testid="agent-document">
            <Box minW="0">
              <Text fontSize="sm" truncate title={document.sourceUrl ?? document.title}>
                {document.title}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {t(`knowledge.kinds.${document.sourceKind}`)} · {formatSize(document.sizeBytes)}
                {document.truncated ? ` · ${t('knowledge.truncated')}` : ''}
              </Text>
            </Box>
            <HStack gap="2" flexShrink={0}>
              <Badge
                colorPalette={document.status === 'ready' ? 'green' : document.status === 'failed' ? 'red' : 'gray'}
                title={document.error ? t(`knowledge.failures.${document.error}`) : undefined}
                data-testid="agent-document-status"
              >
                {t(`knowledge.statuses.${document.status}`)}
              </Badge>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('knowledge.delete', { title: document.title })}
                loading={remove.isPending && remove.variables === document.id}
                onClick={() => remove.mutate(document.id, { onError: (error) => toastError(getErrorMessage(error, i18n)) })}
                data-testid="agent-document-delete"
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
