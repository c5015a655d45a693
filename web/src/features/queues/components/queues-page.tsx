import { Badge, Box, Button, Card, Center, Flex, Heading, HStack, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';

import { useQueues } from '@/api/get-queues';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError } from '@/components/ui/toaster';
import { contrastText } from '@/lib/contrast-text';

import { useDeleteQueue } from '../api/delete-queue';
import type { Queue } from '../types';
import { queueLimit } from '../utils/queue-form';
import { QueueModal } from './queue-modal';

type QueuesPageProps = {
  /** The plan's queue maximum (plan.queues), when known. */
  maxQueues?: number | null;
  /** The plan has useIntegrations: queues can be bound to integrations and AI agents. */
  canBind?: boolean;
};

/** /queues: one card per queue with name, colour, order and greeting; add, edit and delete. */
export function QueuesPage({ maxQueues, canBind = false }: QueuesPageProps) {
  const { t } = useTranslation();
  const query = useQueues();
  const deleteMutation = useDeleteQueue();
  const dialogs = useRecordDialogs<Queue>({ remove: deleteMutation, deletedMessage: t('queues.deleted'), onDeleteError: toastError });
  const queues = query.data ?? [];
  const limit = queueLimit(queues.length, maxQueues);

  return (
    <Flex direction="column" gap="4" data-testid="queues-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('queues.title')}
        </Heading>
        <Button colorPalette="brand" disabled={limit.reached} onClick={dialogs.add} data-testid="queues-add">
          <LuPlus /> {limit.reached ? t('queues.limitReached', { label: limit.label }) : t('queues.buttons.add')}
        </Button>
      </Flex>
      {query.isPending ? (
        <Center py="10">
          <Spinner size="sm" />
        </Center>
      ) : queues.length === 0 ? (
        <Center py="10" color="fg.muted" data-testid="queues-empty">
          {t('queues.empty')}
        </Center>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {queues.map((queue) => (
            <Card.Root
              key={queue.id}
              role="article"
              aria-label={queue.name}
              borderTopWidth="4px"
              style={{ borderTopColor: queue.color }}
              data-testid="queue-card"
            >
              <Card.Body gap="2">
                <HStack justify="space-between">
                  <Heading size="md">{queue.name}</Heading>
                  <Badge style={{ backgroundColor: queue.color, color: contrastText(queue.color) }}>{queue.color}</Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {t('queues.fields.order')}: {queue.orderQueue ?? '—'}
                </Text>
                <Box>
                  <Text fontSize="sm" lineClamp={3} whiteSpace="pre-wrap">
                    {queue.greetingMessage || t('queues.noGreeting')}
                  </Text>
                </Box>
                {queue.mediaName && (
                  <HStack gap="1" fontSize="sm" color="fg.muted" minW="0" data-testid="queue-card-media">
                    <LuPaperclip />
                    <Text truncate>{queue.mediaName}</Text>
                  </HStack>
                )}
              </Card.Body>
              <Card.Footer justifyContent="flex-end" gap="2">
                <Button size="xs" variant="outline" onClick={() => dialogs.edit(queue)} data-testid="queue-edit">
                  <LuPencil /> {t('common.edit')}
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => dialogs.askDelete(queue)} data-testid="queue-delete">
                  <LuTrash2 /> {t('common.delete')}
                </Button>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      {dialogs.editing && (
        <QueueModal
          queue={dialogs.editing.record}
          usedColors={queues.map((queue) => queue.color)}
          canBind={canBind}
          onClose={dialogs.closeEditor}
        />
      )}
      <ConfirmDialog {...dialogs.deleteDialog} title={t('queues.confirmDelete', { name: dialogs.deleting?.name ?? '' })} />
    </Flex>
  );
}
