import { type CloudTemplate, fillTemplateText } from '@app/contracts';
import { Box, Button, Field, Flex, Heading, Input, NativeSelect, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSend } from 'react-icons/lu';

import { toastError } from '@/components/ui/toaster';

import { useCloudTemplates, useSendTemplate } from '../api/cloud-templates';

type TemplateComposerProps = {
  ticketId: number;
  connectionId: number;
};

const keyOf = (template: CloudTemplate) => `${template.name}\u0000${template.language}`;
const emptyValues = (count: number) => Array.from({ length: count }, () => '');

/**
 * The composer of a WhatsApp Cloud API ticket whose 24-hour window has closed: it says so and sends
 * one of the number's approved templates, a field per variable and a preview of what the contact
 * will read.
 */
export function TemplateComposer({ ticketId, connectionId }: TemplateComposerProps) {
  const { t } = useTranslation();
  const templates = useCloudTemplates(connectionId);
  const send = useSendTemplate();
  const [picked, setPicked] = useState('');
  const [header, setHeader] = useState<string[]>([]);
  const [body, setBody] = useState<string[]>([]);
  const headingId = useId();
  const template = templates.data?.find((candidate) => keyOf(candidate) === picked);
  const complete = !!template && [...header, ...body].every((value) => value.trim().length > 0);

  function pick(key: string) {
    setPicked(key);
    const next = templates.data?.find((candidate) => keyOf(candidate) === key);
    setHeader(emptyValues(next?.headerVariables ?? 0));
    setBody(emptyValues(next?.bodyVariables ?? 0));
  }

  async function handleSend() {
    if (!template || !complete || send.isPending) return;
    try {
      await send.mutateAsync({
        ticketId,
        name: template.name,
        language: template.language,
        body: template.body,
        bodyParameters: body.map((value) => value.trim()),
        headerParameters: header.map((value) => value.trim()),
      });
      pick('');
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Box as="section" aria-labelledby={headingId} borderTopWidth="1px" bg="bg.panel" px="3" py="2" data-testid="template-composer">
      <Heading id={headingId} as="h3" fontSize="sm" fontWeight="semibold">
        {t('tickets.template.windowClosedTitle')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2" data-testid="template-window-closed">
        {t('tickets.template.windowClosed')}
      </Text>
      {templates.isPending ? (
        <Flex gap="2" align="center" color="fg.muted" fontSize="sm">
          <Spinner size="xs" />
          <Text>{t('tickets.template.loading')}</Text>
        </Flex>
      ) : templates.isError ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('tickets.template.loadFailed')}
        </Text>
      ) : templates.data.length === 0 ? (
        <Text fontSize="sm" data-testid="template-none">
          {t('tickets.template.none')}
        </Text>
      ) : (
        <Stack gap="2">
          <Field.Root>
            <Field.Label>{t('tickets.template.pick')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={picked} onChange={(event) => pick(event.target.value)} data-testid="template-pick">
                <option value="">{t('tickets.template.pickPlaceholder')}</option>
                {templates.data.map((candidate) => (
                  <option key={keyOf(candidate)} value={keyOf(candidate)}>
                    {t('tickets.template.option', { name: candidate.name, language: candidate.language })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {template && (
            <>
              {(header.length > 0 || body.length > 0) && (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
                  {header.map((value, index) => (
                    <Field.Root key={`header-${index}`} required>
                      <Field.Label>{t('tickets.template.headerVariable', { n: index + 1 })}</Field.Label>
                      <Input
                        size="sm"
                        value={value}
                        maxLength={60}
                        onChange={(event) => setHeader(header.map((old, i) => (i === index ? event.target.value : old)))}
                        data-testid={`template-header-${index + 1}`}
                      />
                    </Field.Root>
                  ))}
                  {body.map((value, index) => (
                    <Field.Root key={`body-${index}`} required>
                      <Field.Label>{t('tickets.template.variable', { n: index + 1 })}</Field.Label>
                      <Input
                        size="sm"
                        value={value}
                        maxLength={1_024}
                        onChange={(event) => setBody(body.map((old, i) => (i === index ? event.target.value : old)))}
                        data-testid={`template-variable-${index + 1}`}
                      />
                    </Field.Root>
                  ))}
                </SimpleGrid>
              )}
              <Box bg="bg.muted" borderRadius="md" px="3" py="2" role="group" aria-label={t('tickets.template.preview')}>
                <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
                  {t('tickets.template.preview')}
                </Text>
                <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="template-preview">
                  {fillTemplateText(
                    template.body,
                    body.map((value, index) => value.trim() || `{{${index + 1}}}`),
                  ) || template.name}
                </Text>
              </Box>
              <Flex justify="flex-end">
                <Button
                  size="sm"
                  colorPalette="brand"
                  onClick={() => void handleSend()}
                  disabled={!complete}
                  loading={send.isPending}
                  data-testid="template-send"
                >
                  <LuSend />
                  {t('tickets.template.send')}
                </Button>
              </Flex>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
