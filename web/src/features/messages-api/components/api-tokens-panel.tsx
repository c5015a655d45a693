import type { ApiTokenCreated } from '@app/contracts';
import { Button, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';

function formatDate(value: string | null, never: string): string {
  return value ? new Date(value).toLocaleString() : never;
}

/** Create (the token shown once, with a copy button), list with last use, revoke after confirming. */
export function ApiTokensPanel({ onCreated }: { onCreated?: (token: string) => void }) {
  const { t } = useTranslation();
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<number | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const token = await create.mutateAsync({ name });
      setCreated(token);
      setName('');
      onCreated?.(token.token);
    } catch (error) {
      toastError(error);
    }
  }

  async function copy() {
    if (!created) return;
    await navigator.clipboard.writeText(created.token);
    toastSuccess(t('messagesApi.tokens.copied'));
  }

  async function confirmRevoke() {
    if (revoking === null) return;
    try {
      await revoke.mutateAsync(revoking);
      if (created?.id === revoking) setCreated(null);
      toastSuccess(t('messagesApi.tokens.revoked'));
    } catch (error) {
      toastError(error);
    } finally {
      setRevoking(null);
    }
  }

  return (
    <Stack gap="4">
      <form onSubmit={(event) => void submit(event)}>
        <HStack align="end">
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('messagesApi.tokens.namePlaceholder')}
            aria-label={t('messagesApi.tokens.name')}
            maxLength={60}
            data-testid="api-token-name"
          />
          <Button type="submit" disabled={!name.trim()} loading={create.isPending} data-testid="api-token-create">
            {t('messagesApi.tokens.create')}
          </Button>
        </HStack>
      </form>
      {created && (
        <Stack gap="2" borderWidth="1px" borderRadius="md" padding="3" data-testid="api-token-created">
          <Text fontWeight="semibold">{t('messagesApi.tokens.shownOnce')}</Text>
          <HStack>
            <Input readOnly value={created.token} aria-label={t('messagesApi.tokens.token')} data-testid="api-token-value" />
            <Button onClick={() => void copy()} data-testid="api-token-copy">
              {t('messagesApi.tokens.copy')}
            </Button>
          </HStack>
        </Stack>
      )}
      <Table.Root size="sm" data-testid="api-token-list">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('messagesApi.tokens.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.tokens.token')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.tokens.createdAt')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.tokens.lastUsedAt')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(tokens.data?.tokens ?? []).map((token) => (
            <Table.Row key={token.id}>
              <Table.Cell>{token.name}</Table.Cell>
              <Table.Cell fontFamily="mono">{token.preview}…</Table.Cell>
              <Table.Cell>{formatDate(token.createdAt, '')}</Table.Cell>
              <Table.Cell>{formatDate(token.lastUsedAt, t('messagesApi.tokens.never'))}</Table.Cell>
              <Table.Cell textAlign="end">
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(token.id)} data-testid="api-token-revoke">
                  {t('messagesApi.tokens.revoke')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {tokens.data?.tokens.length === 0 && <Text color="fg.muted">{t('common.noRecords')}</Text>}
      <ConfirmDialog
        open={revoking !== null}
        title={t('messagesApi.tokens.revokeTitle')}
        message={t('messagesApi.tokens.revokeMessage')}
        confirmLabel={t('messagesApi.tokens.revoke')}
        loading={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
