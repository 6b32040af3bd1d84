import type { Announcements, DndContextProps, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader hears while a list is reordered by drag and drop: the items' names and positions, never
 * their internal ids (dnd-kit's default reads 'Draggable item 61...'; decision 0955).
 */
export function sortableAnnouncements(ids: readonly UniqueIdentifier[], nameOf: (id: UniqueIdentifier) => string): Announcements {
  const position = (id: UniqueIdentifier) => `position ${ids.indexOf(id) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${position(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${nameOf(active.id)} is no longer over the list.`;
      return over.id === active.id
        ? `${nameOf(active.id)} is at ${position(over.id)}.`
        : `${nameOf(active.id)} moved to ${position(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${position(over.id)}.` : `${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it stays at ${position(active.id)}.`,
  };
}

export const SORTABLE_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: 'To move an item, press Space or Enter. Use the arrow keys to move it, Space or Enter again to drop it, Escape to cancel.',
};

/** The `accessibility` prop of a sortable list's DndContext: named announcements and the keyboard instructions. */
export function sortableAccessibility(
  ids: readonly UniqueIdentifier[],
  nameOf: (id: UniqueIdentifier) => string,
): DndContextProps['accessibility'] {
  return { announcements: sortableAnnouncements(ids, nameOf), screenReaderInstructions: SORTABLE_INSTRUCTIONS };
}
