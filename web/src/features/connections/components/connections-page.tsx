import { Button, Center, Flex, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuRefreshCw } from 'react-icons/lu';

import { useQueues } from '@/api/get-queues';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess, toastWarning } from '@/components/ui/toaster';

import { useDeleteConnection } from '../api/delete-connection';
import { useDisconnectSession } from '../api/disconnect-session';
import { useConnections } from '../api/get-connections';
import { useRequestNewQrCode } from '../api/request-new-qr-code';
import { useRestartConnections } from '../api/restart-connections';
import { useStartSession } from '../api/start-session';
import { useConnectionsRealtime } from '../hooks/use-connections-realtime';
import type { Connection } from '../types';
import { ConnectionCard } from './connection-card';
import { ConnectionModal } from './connection-modal';
import type { ConnectionSessionHandlers } from './connection-session-actions';
import { QrCodeModal } from './qr-code-modal';

type ConnectionsPageProps = {
  companyId: number;
  /** The page's named permission checks (spec section 6). */
  canAddConnection: boolean;
  canEditOrDeleteConnection: boolean;
};

type EditorState = { open: false } | { open: true; connectionId: number | null };
type Confirmation = { kind: 'delete' | 'disconnect'; connection: Connection } | null;

export function ConnectionsPage({ companyId, canAddConnection, canEditOrDeleteConnection }: ConnectionsPageProps) {
  const { t } = useTranslation();
  const connectionsQuery = useConnections();
  const queuesQuery = useQueues({ silent: true });
  useConnectionsRealtime(companyId);

  const [editor, setEditor] = useState<EditorState>({ open: false });
  const [qrConnectionId, setQrConnectionId] = useState<number | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);

  const restartMutation = useRestartConnections();
  const startSessionMutation = useStartSession();
  const newQrMutation = useRequestNewQrCode();
  const disconnectMutation = useDisconnectSession();
  const deleteMutation = useDeleteConnection();

  const connections = connectionsQuery.data ?? [];
  const qrConnection = qrConnectionId == null ? null : (connections.find((item) => item.id === qrConnectionId) ?? null);
  const busySessionId = startSessionMutation.isPending
    ? startSessionMutation.variables
    : newQrMutation.isPending
      ? newQrMutation.variables
      : undefined;

  const handleCloseQrCode = useCallback(() => setQrConnectionId(null), []);

  function handleAdd() {
    setEditor({ open: true, connectionId: null });
  }

  function handleEdit(connection: Connection) {
    setEditor({ open: true, connectionId: connection.id });
  }

  function handleCloseEditor() {
    setEditor({ open: false });
  }

  async function handleRestart() {
    try {
      await restartMutation.mutateAsync();
      toastWarning(t('connections.restarting'));
    } catch {
      // shown by the query client
    }
  }

  function handleShowQrCode(connection: Connection) {
    setQrConnectionId(connection.id);
  }

  function handleRetry(connection: Connection) {
    startSessionMutation.mutate(connection.id);
  }

  function handleNewQrCode(connection: Connection) {
    newQrMutation.mutate(connection.id);
  }

  function handleAskDisconnect(connection: Connection) {
    setConfirmation({ kind: 'disconnect', connection });
  }

  function handleAskDelete(connection: Connection) {
    setConfirmation({ kind: 'delete', connection });
  }

  function handleCloseConfirmation() {
    setConfirmation(null);
  }

  async function handleConfirm() {
    if (!confirmation) return;
    const { kind, connection } = confirmation;
    try {
      if (kind === 'delete') {
        await deleteMutation.mutateAsync(connection.id);
        toastSuccess(t('connections.toasts.deleted'));
      } else {
        await disconnectMutation.mutateAsync(connection.id);
      }
    } catch {
      // shown by the query client
    }
    setConfirmation(null);
  }

  const sessionHandlers: ConnectionSessionHandlers = {
    onShowQrCode: handleShowQrCode,
    onRetry: handleRetry,
    onNewQrCode: handleNewQrCode,
    onDisconnect: handleAskDisconnect,
  };

  return (
    <Stack gap="4" data-testid="connections-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('connections.title')}
        </Heading>
        <HStack gap="2">
          {canEditOrDeleteConnection && (
            <Button variant="outline" onClick={handleRestart} loading={restartMutation.isPending} data-testid="connections-restart">
              <LuRefreshCw /> {t('connections.buttons.restart')}
            </Button>
          )}
          {canAddConnection && (
            <Button colorPalette="brand" onClick={handleAdd} data-testid="connections-add">
              <LuPlus /> {t('connections.buttons.add')}
            </Button>
          )}
        </HStack>
      </Flex>

      {connectionsQuery.isPending ? (
        <Center py="10" gap="3" data-testid="connections-loading">
          <Spinner size="sm" />
          <Text>{t('connections.loading')}</Text>
        </Center>
      ) : connections.length === 0 ? (
        <Center py="10" color="fg.muted" data-testid="connections-empty">
          {t('connections.empty')}
        </Center>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="connections-list">
          {connections.map((connection) => (
            <ConnectionCard
              key={connection.id}
              connection={connection}
              queues={queuesQuery.data ?? []}
              canEditOrDelete={canEditOrDeleteConnection}
              sessionBusy={busySessionId === connection.id}
              sessionHandlers={sessionHandlers}
              onEdit={handleEdit}
              onDelete={handleAskDelete}
            />
          ))}
        </SimpleGrid>
      )}

      {editor.open && <ConnectionModal connectionId={editor.connectionId} onClose={handleCloseEditor} />}
      {qrConnectionId != null && <QrCodeModal connection={qrConnection} onClose={handleCloseQrCode} />}
      <ConfirmDialog
        testId="connection-confirmation"
        confirmTestId="connection-confirm"
        open={confirmation != null}
        title={
          confirmation?.kind === 'delete'
            ? t('connections.confirm.deleteTitle', { name: confirmation.connection.name })
            : t('connections.confirm.disconnectTitle', { name: confirmation?.connection.name ?? '' })
        }
        message={confirmation?.kind === 'delete' ? t('connections.confirm.deleteMessage') : t('connections.confirm.disconnectMessage')}
        confirmLabel={confirmation?.kind === 'delete' ? t('connections.buttons.delete') : t('connections.buttons.disconnect')}
        loading={deleteMutation.isPending || disconnectMutation.isPending}
        onConfirm={handleConfirm}
        onClose={handleCloseConfirmation}
      />
    </Stack>
  );
}
