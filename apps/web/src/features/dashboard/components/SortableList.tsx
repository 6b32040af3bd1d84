import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { sortableAccessibility } from '../../../ui/sortable-announcements';

export interface SortableRow {
  id: string;
  label: string;
  locked?: boolean;
}

interface Props {
  items: SortableRow[];
  /** Moves `from` to the place of `to`; the caller decides whether the move is allowed. */
  onMove: (from: string, to: string) => void;
  canMove: (from: string, to: string) => boolean;
  renderControls?: (item: SortableRow) => ReactNode;
  testId?: string;
}

/**
 * A list reordered by dragging the handle (pointer, or keyboard: Space to lift, arrows to move, Space to drop)
 * and by the Move up / Move down buttons.
 */
export function SortableList({ items, onMove, canMove, renderControls, testId }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id && canMove(String(active.id), String(over.id))) onMove(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={sortableAccessibility(
        items.map((i) => i.id),
        (id) => items.find((i) => i.id === id)?.label ?? 'the item',
      )}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }} data-testid={testId}>
          {items.map((item, index) => (
            <SortableItem
              key={item.id}
              item={item}
              onUp={index > 0 && canMove(item.id, items[index - 1].id) ? () => onMove(item.id, items[index - 1].id) : undefined}
              onDown={
                index < items.length - 1 && canMove(item.id, items[index + 1].id) ? () => onMove(item.id, items[index + 1].id) : undefined
              }
              controls={renderControls?.(item)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  item,
  onUp,
  onDown,
  controls,
}: {
  item: SortableRow;
  onUp?: () => void;
  onDown?: () => void;
  controls?: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: item.locked,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' }}
      data-testid={`sortable-${item.id}`}
    >
      <Paper withBorder p={6} shadow={isDragging ? 'md' : undefined}>
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag ${item.label}`}
            disabled={item.locked}
            style={{ cursor: item.locked ? 'not-allowed' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            {item.locked ? <IconLock size={16} aria-hidden /> : <IconGripVertical size={16} aria-hidden />}
          </ActionIcon>
          <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
            {item.label}
          </Text>
          {controls}
          <ActionIcon variant="subtle" color="gray" aria-label={`Move ${item.label} up`} onClick={onUp} disabled={!onUp}>
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={`Move ${item.label} down`} onClick={onDown} disabled={!onDown}>
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Paper>
    </li>
  );
}
