import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard moves between lanes: with a card picked up (Space or Enter), the left and right arrows
 * carry it to the centre of the lane beside; Space or Enter drops it, Escape puts it back.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!collisionRect || direction === 0) return undefined;
  event.preventDefault();
  const centre = collisionRect.left + collisionRect.width / 2;
  const lanes = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect) => rect !== undefined)
    .sort((a, b) => a.left - b.left);
  const target =
    direction > 0 ? lanes.find((rect) => rect.left > centre) : [...lanes].reverse().find((rect) => rect.left + rect.width < centre);
  if (!target) return undefined;
  return { x: target.left + (target.width - collisionRect.width) / 2, y: collisionRect.top };
};
