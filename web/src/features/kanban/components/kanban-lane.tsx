import { Box, Center, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useDroppable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';

import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { contrastText } from '@/lib/contrast-text';

import { type LaneId, useKanbanLane } from '../api/get-kanban';
import { KanbanCard } from './kanban-card';

type KanbanLaneProps = {
  lane: LaneId;
  title: string;
  /** The tag's colour; 'Em aberto' has none. */
  color?: string;
  queueIds: readonly number[];
  onOpen: (uuid: string) => void;
};

export const laneDropId = (lane: LaneId) => `lane-${lane ?? 'open'}`;

/** One lane: its title in the tag's colour, its cards, the next page when scrolled to its end. */
export function KanbanLane({ lane, title, color, queueIds, onOpen }: KanbanLaneProps) {
  const { t } = useTranslation();
  const query = useKanbanLane(lane, queueIds);
  const { setNodeRef, isOver } = useDroppable({ id: laneDropId(lane), data: { lane } });
  const cards = query.data?.pages.flatMap((page) => page.tickets) ?? [];

  return (
    <Flex
      ref={setNodeRef}
      direction="column"
      w="300px"
      flexShrink={0}
      h="full"
      minH="0"
      borderWidth="1px"
      borderRadius="md"
      bg={isOver ? 'bg.emphasized' : 'bg.muted'}
      role="region"
      aria-label={title}
      data-testid="kanban-lane"
      data-lane={lane ?? 'open'}
      data-over={isOver || undefined}
    >
      <Box
        px="3"
        py="2"
        borderTopRadius="md"
        style={color ? { backgroundColor: color, color: contrastText(color) } : undefined}
        borderBottomWidth={color ? undefined : '1px'}
      >
        <Heading as="h2" size="sm" truncate>
          {title}
        </Heading>
      </Box>
      <Stack gap="2" p="2" overflowY="auto" flex="1" minH="0" data-testid="kanban-lane-cards">
        {query.isPending && (
          <Center py="4">
            <Spinner size="sm" aria-label={t('common.loading')} />
          </Center>
        )}
        {!query.isPending && cards.length === 0 && (
          <Text fontSize="sm" color="fg.muted" textAlign="center" py="4">
            {t('common.noRecords')}
          </Text>
        )}
        {cards.map((card) => (
          <KanbanCard key={card.id} card={card} lane={lane} onOpen={onOpen} />
        ))}
        <InfiniteListFooter query={query} />
      </Stack>
    </Flex>
  );
}
