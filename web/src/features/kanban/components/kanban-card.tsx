import type { KanbanTicket } from '@app/contracts';
import { Badge, Button, Card, HStack, IconButton, Text } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { LuGripVertical } from 'react-icons/lu';

import { LastMessageText } from '@/features/tickets/components/last-message-text';
import { contrastText } from '@/lib/contrast-text';
import { formatPhone } from '@/lib/format-phone';

import type { LaneId } from '../api/get-kanban';

type KanbanCardProps = {
  card: KanbanTicket;
  lane: LaneId;
  onOpen: (uuid: string) => void;
  /** The copy shown under the pointer while dragging: not itself draggable. */
  overlay?: boolean;
};

export const cardDragId = (card: Pick<KanbanTicket, 'id'>, lane: LaneId) => `card-${card.id}-${lane ?? 'open'}`;

/** A ticket's card: number, contact name and number, last message, its tags, and 'Ver Ticket'. */
export function KanbanCard({ card, lane, onOpen, overlay = false }: KanbanCardProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: cardDragId(card, lane),
    data: { card, lane },
    disabled: overlay,
  });
  // The card is no button (it holds 'Ver Ticket'): the pointer drags it from anywhere, the keyboard
  // from its grip, a button of its own beside 'Ver Ticket' whose keys bubble to the card's listeners.
  return (
    <Card.Root
      ref={overlay ? undefined : setNodeRef}
      size="sm"
      variant="outline"
      cursor={overlay ? 'grabbing' : 'grab'}
      opacity={isDragging ? 0.4 : 1}
      shadow={overlay ? 'lg' : undefined}
      data-testid="kanban-card"
      data-ticket-id={card.id}
      {...(overlay ? {} : listeners)}
    >
      <Card.Body gap="1.5" p="3">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="semibold" truncate>
            {card.contact.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" flexShrink={0}>
            #{card.id}
          </Text>
        </HStack>
        {card.contact.number && (
          <Text fontSize="xs" color="fg.muted">
            {formatPhone(card.contact.number)}
          </Text>
        )}
        <Text fontSize="sm" lineClamp={2} data-testid="kanban-card-last-message">
          <LastMessageText text={card.lastMessage} />
        </Text>
        {card.tags.length > 0 && (
          <HStack gap="1" wrap="wrap">
            {card.tags.map((tag) => (
              <Badge key={tag.id} size="sm" style={{ backgroundColor: tag.color, color: contrastText(tag.color) }}>
                {tag.name}
              </Badge>
            ))}
          </HStack>
        )}
        <HStack justify="space-between">
          <IconButton
            ref={overlay ? undefined : setActivatorNodeRef}
            size="xs"
            variant="ghost"
            cursor="grab"
            data-testid="kanban-card-move"
            {...(overlay ? {} : attributes)}
            aria-roledescription={t('kanban.card.roleDescription')}
            aria-label={t('kanban.card.label', { id: card.id, name: card.contact.name })}
          >
            <LuGripVertical />
          </IconButton>
          <Button
            size="xs"
            variant="outline"
            colorPalette="brand"
            // The card's own keys pick it up; the button's open the ticket.
            onKeyDown={(event) => event.stopPropagation()}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => onOpen(card.uuid)}
            data-testid="kanban-card-open"
          >
            {t('kanban.card.open')}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
