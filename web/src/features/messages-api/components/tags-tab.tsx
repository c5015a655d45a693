import type { PartnerTagList } from '@app/contracts';
import { Button, Code, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError } from '@/components/ui/toaster';

import { listTagsSample } from '../api/send-sample';
import { CurlBlock, SampleTokenInput } from './sample-fields';

/** The Tags tab of /messages-api: GET /api/messages/tags documented, with a live sample. */
export function TagsTab({ base, token: initialToken }: { base: string; token: string }) {
  const { t } = useTranslation();
  const [token, setToken] = useState(initialToken);
  const [loading, setLoading] = useState(false);
  const [tags, setTags] = useState<PartnerTagList['tags'] | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    try {
      setTags((await listTagsSample(token)).tags);
    } catch (error) {
      toastError(error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Stack gap="4">
      <Text>{t('messagesApi.tags.intro')}</Text>
      <CurlBlock>{`curl ${base}/messages/tags \\\n  -H "Authorization: Bearer zdk_..."`}</CurlBlock>
      <form onSubmit={(event) => void submit(event)} data-testid="sample-tags-form">
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('messagesApi.tags.sampleTitle')}
          </Heading>
          <SampleTokenInput value={token} onChange={setToken} testId="sample-tags-token" />
          <Button type="submit" disabled={!token.trim()} loading={loading} alignSelf="start" data-testid="sample-tags-send">
            {t('messagesApi.tags.list')}
          </Button>
        </Stack>
      </form>
      {tags &&
        (tags.length === 0 ? (
          <Text data-testid="sample-tags-empty">{t('messagesApi.tags.empty')}</Text>
        ) : (
          <Table.Root size="sm" data-testid="sample-tags-result">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>id</Table.ColumnHeader>
                <Table.ColumnHeader>{t('messagesApi.reference.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('messagesApi.tags.color')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {tags.map((tag) => (
                <Table.Row key={tag.id}>
                  <Table.Cell>{tag.id}</Table.Cell>
                  <Table.Cell>{tag.name}</Table.Cell>
                  <Table.Cell>
                    <Code>{tag.color}</Code>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        ))}
    </Stack>
  );
}
