import { Heading, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { API_BASE_URL } from '@/lib/api-client';

import { AgendaTab } from './agenda-tab';
import { ApiReference } from './api-reference';
import { ApiTokensPanel } from './api-tokens-panel';
import { CurlBlock } from './sample-fields';
import { SampleSendForm } from './sample-send-form';
import { SchedulesTab } from './schedules-tab';
import { SettingsTab } from './settings-tab';
import { TagsTab } from './tags-tab';
import { WebhooksTab } from './webhooks-tab';

const CURL_TEXT = `curl -X POST ${'{base}'}/messages/send \\
  -H "Authorization: Bearer zdk_..." \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: pedido-123" \\
  -d '{"number": "5511999998888", "body": "Olá!"}'`;

/**
 * /messages-api (spec 3): API tokens, the messages API's documentation in the spec's tabs (Mensagens,
 * Agendamentos, Configurações, Tags, Agenda Externa) with live sample forms, the outbound webhooks and the API reference.
 */
export function MessagesApiPage() {
  const { t } = useTranslation();
  const [lastToken, setLastToken] = useState('');
  const [tab, setTab] = useState('tokens');
  const base = new URL(API_BASE_URL, window.location.origin).toString().replace(/\/$/, '');

  return (
    <Stack gap="4" padding="4" data-testid="messages-api-page">
      <Heading as="h1" size="xl">
        {t('messagesApi.title')}
      </Heading>
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)}>
        <Tabs.List>
          <Tabs.Trigger value="tokens">{t('messagesApi.tabs.tokens')}</Tabs.Trigger>
          <Tabs.Trigger value="messages">{t('messagesApi.tabs.messages')}</Tabs.Trigger>
          <Tabs.Trigger value="schedules">{t('messagesApi.tabs.schedules')}</Tabs.Trigger>
          <Tabs.Trigger value="settings">{t('messagesApi.tabs.settings')}</Tabs.Trigger>
          <Tabs.Trigger value="tags">{t('messagesApi.tabs.tags')}</Tabs.Trigger>
          <Tabs.Trigger value="agenda">{t('messagesApi.tabs.agenda')}</Tabs.Trigger>
          <Tabs.Trigger value="webhooks">{t('messagesApi.tabs.webhooks')}</Tabs.Trigger>
          <Tabs.Trigger value="reference">{t('messagesApi.tabs.reference')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tokens">
          <ApiTokensPanel onCreated={setLastToken} />
        </Tabs.Content>
        <Tabs.Content value="messages">
          <Stack gap="4">
            <Text>{t('messagesApi.docs.intro')}</Text>
            <Text>{t('messagesApi.docs.accepted')}</Text>
            <CurlBlock>{CURL_TEXT.replace('{base}', base)}</CurlBlock>
            <Text>{t('messagesApi.docs.media')}</Text>
            <Text>{t('messagesApi.docs.status')}</Text>
            <Text>{t('messagesApi.docs.limits')}</Text>
            <Link href={`${base}/openapi.json`} target="_blank" rel="noreferrer">
              {t('messagesApi.docs.openapi')}
            </Link>
            <SampleSendForm kind="text" token={lastToken} key={`text-${lastToken}`} />
            <SampleSendForm kind="media" token={lastToken} key={`media-${lastToken}`} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="schedules">
          <SchedulesTab base={base} token={lastToken} key={`schedules-${lastToken}`} />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SettingsTab base={base} token={lastToken} key={`settings-${lastToken}`} />
        </Tabs.Content>
        <Tabs.Content value="tags">
          <TagsTab base={base} token={lastToken} key={`tags-${lastToken}`} />
        </Tabs.Content>
        <Tabs.Content value="agenda">
          <AgendaTab base={base} token={lastToken} key={`agenda-${lastToken}`} />
        </Tabs.Content>
        <Tabs.Content value="webhooks">
          {/* Loaded when opened: the other tabs need nothing of the admin's webhooks. */}
          {tab === 'webhooks' && <WebhooksTab />}
        </Tabs.Content>
        <Tabs.Content value="reference">
          <ApiReference />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
