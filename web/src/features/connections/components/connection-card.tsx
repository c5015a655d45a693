import { Badge, Button, Card, Flex, HStack, Icon, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuStar, LuTrash2 } from 'react-icons/lu';

import type { Connection, ConnectionQueue } from '../types';
import { formatLastUpdate } from '../utils/format-last-update';
import { formatPhone } from '../utils/format-phone';
import { CloudAccountDetails } from './cloud-account-details';
import { ConnectionSessionActions, type ConnectionSessionHandlers } from './connection-session-actions';
import { ConnectionSettings } from './connection-settings';
import { ConnectionStatusChip } from './connection-status-chip';
import { ConnectionStatusIcon } from './connection-status-icon';

type ConnectionCardProps = {
  connection: Connection;
  /** The company's queues, to name the connection's queues; unknown ids are left out. */
  queues: readonly ConnectionQueue[];
  canEditOrDelete: boolean;
  sessionBusy: boolean;
  sessionHandlers: ConnectionSessionHandlers;
  onEdit: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
};

export function ConnectionCard({
  connection,
  queues,
  canEditOrDelete,
  sessionBusy,
  sessionHandlers,
  onEdit,
  onDelete,
}: ConnectionCardProps) {
  const { t } = useTranslation();
  const number = formatPhone(connection.number);
  const connectionQueues = queues.filter((queue) => connection.queueIds.includes(queue.id));

  return (
    <Card.Root
      as="article"
      size="sm"
      data-testid="connection-card"
      data-connection-id={connection.id}
      data-status={connection.status}
      aria-label={connection.name}
    >
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="2">
          <Stack gap="1" minW="0">
            <HStack gap="2">
              <Text fontWeight="semibold" truncate data-testid="connection-name">
                {connection.name}
              </Text>
              {connection.isDefault && (
                <Icon
                  as={LuStar}
                  color="yellow.500"
                  fill="yellow.400"
                  boxSize="4"
                  aria-label={t('connections.card.default')}
                  role="img"
                  data-testid="connection-default-star"
                />
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted" data-testid="connection-number">
              {number ? number : t('connections.card.noNumber')}
            </Text>
          </Stack>
          <HStack gap="2" flexShrink={0}>
            <ConnectionStatusChip status={connection.status} />
            <ConnectionStatusIcon status={connection.status} />
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text fontSize="xs" color="fg.muted">
            {t('connections.card.lastUpdate')}: <span data-testid="connection-last-update">{formatLastUpdate(connection.updatedAt)}</span>
          </Text>
          {connectionQueues.length > 0 && (
            <Wrap gap="1" aria-label={t('connections.card.queues')}>
              {connectionQueues.map((queue) => (
                <Badge key={queue.id} variant="outline" borderColor={queue.color} size="sm">
                  {queue.name}
                </Badge>
              ))}
            </Wrap>
          )}
          <Text fontSize="xs" color="fg.muted">
            {t('connections.card.transcription')}: {connection.activeTranscribe ? t('connections.card.on') : t('connections.card.off')}
          </Text>
          {connection.provider === 'cloud' && canEditOrDelete && <CloudAccountDetails connectionId={connection.id} />}
          <ConnectionSessionActions connection={connection} busy={sessionBusy} handlers={sessionHandlers} />
          {canEditOrDelete && <ConnectionSettings connection={connection} queues={queues} />}
        </Stack>
      </Card.Body>
      {canEditOrDelete && (
        <Card.Footer justifyContent="flex-end" gap="2">
          <Button size="xs" variant="ghost" onClick={() => onEdit(connection)} data-testid="connection-edit-button">
            <LuPencil /> {t('connections.buttons.edit')}
          </Button>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(connection)} data-testid="connection-delete-button">
            <LuTrash2 /> {t('connections.buttons.delete')}
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}
