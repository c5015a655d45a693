import type { KanbanTicket, Tag } from '@app/contracts';
import { Center, Flex, Heading, Spinner, Stack } from '@chakra-ui/react';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError, toastSuccess } from '@/components/ui/toaster';

import { type LaneId, useKanbanTags } from '../api/get-kanban';
import { useMoveCard } from '../api/move-card';
import { useKanbanMoves, useKanbanRealtime } from '../hooks/use-kanban-cache';
import { laneKeyboardCoordinates } from '../utils/lane-keyboard';
import { KanbanCard } from './kanban-card';
import { KanbanLane } from './kanban-lane';

type KanbanBoardProps = {
  companyId: number;
  /** The user's queues: the board shows their tickets (and those without a queue). */
  queueIds: readonly number[];
  onOpen: (uuid: string) => void;
};

type DragData = { card: KanbanTicket; lane: LaneId };

/** The card with its kanban tags swapped for the lane's (none for 'Em aberto'); ordinary tags stay. */
function movedCard(card: KanbanTicket, to: LaneId, kanbanTags: readonly Tag[]): KanbanTicket {
  const kanbanIds = new Set(kanbanTags.map((tag) => tag.id));
  const ordinary = card.tags.filter((tag) => !kanbanIds.has(tag.id));
  const target = kanbanTags.find((tag) => tag.id === to);
  return { ...card, tags: target ? [...ordinary, { id: target.id, name: target.name, color: target.color, kanban: 1 }] : ordinary };
}

/**
 * /kanban: 'Em aberto', then a lane per kanban tag in its colour. A card dragged to a lane (by
 * pointer, or from the keyboard: Space to pick up, arrows to move, Space to drop) swaps its kanban
 * tag; the lanes follow every change of tickets and tags live.
 */
export function KanbanBoard({ companyId, queueIds, onOpen }: KanbanBoardProps) {
  const { t } = useTranslation();
  const tagsQuery = useKanbanTags();
  const kanbanTags = useMemo(() => tagsQuery.data ?? [], [tagsQuery.data]);
  const moveMutation = useMoveCard();
  const moves = useKanbanMoves(kanbanTags);
  const [dragging, setDragging] = useState<DragData | null>(null);
  useKanbanRealtime(companyId, kanbanTags);

  const sensors = useSensors(
    // A small move starts a drag, so a click still reaches 'Ver Ticket'.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const laneName = (lane: LaneId | undefined) =>
    lane === null ? t('kanban.openLane') : (kanbanTags.find((tag) => tag.id === lane)?.name ?? '');
  const dataOf = (data: unknown) => data as DragData | undefined;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('kanban.a11y.picked', { name: dataOf(active.data.current)?.card.contact.name ?? '' }),
    onDragOver: ({ over }) => (over ? t('kanban.a11y.over', { lane: laneName((over.data.current as { lane: LaneId }).lane) }) : undefined),
    onDragEnd: ({ over }) =>
      over ? t('kanban.a11y.dropped', { lane: laneName((over.data.current as { lane: LaneId }).lane) }) : t('kanban.a11y.cancelled'),
    onDragCancel: () => t('kanban.a11y.cancelled'),
  };

  async function handleDragEnd(event: DragEndEvent) {
    setDragging(null);
    const from = dataOf(event.active.data.current);
    const to = (event.over?.data.current as { lane: LaneId } | undefined)?.lane;
    if (!from || to === undefined || to === from.lane) return;
    moves.place(movedCard(from.card, to, kanbanTags));
    try {
      const card = await moveMutation.mutateAsync({ ticketId: from.card.id, to });
      moves.place(card);
      toastSuccess(to === null ? t('kanban.toasts.tagRemoved') : t('kanban.toasts.tagAdded'));
    } catch (error) {
      toastError(error);
      void moves.reload();
    }
  }

  if (tagsQuery.isPending) {
    return (
      <Center py="10">
        <Spinner size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <Stack gap="4" h="full" minH="0" data-testid="kanban-page">
      <Heading as="h1" size="xl">
        {t('kanban.title')}
      </Heading>
      <DndContext
        sensors={sensors}
        onDragStart={(event: DragStartEvent) => setDragging(dataOf(event.active.data.current) ?? null)}
        onDragEnd={(event) => void handleDragEnd(event)}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('kanban.a11y.instructions') } }}
      >
        <Flex gap="3" overflowX="auto" flex="1" minH="0" h="calc(100vh - 12rem)" pb="2" data-testid="kanban-board">
          <KanbanLane lane={null} title={t('kanban.openLane')} queueIds={queueIds} onOpen={onOpen} />
          {kanbanTags.map((tag) => (
            <KanbanLane key={tag.id} lane={tag.id} title={tag.name} color={tag.color} queueIds={queueIds} onOpen={onOpen} />
          ))}
        </Flex>
        <DragOverlay>{dragging ? <KanbanCard card={dragging.card} lane={dragging.lane} onOpen={onOpen} overlay /> : null}</DragOverlay>
      </DndContext>
    </Stack>
  );
}
