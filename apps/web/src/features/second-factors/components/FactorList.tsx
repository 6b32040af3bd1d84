import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Switch, Text, Tooltip } from '@mantine/core';
import { describeSecondFactor, type SecondFactor } from '@portico/shared';
import {
  IconChevronDown,
  IconChevronUp,
  IconDeviceMobile,
  IconGripVertical,
  IconKey,
  IconMail,
  IconMessage,
  IconTrash,
} from '@tabler/icons-react';

import { sortableAccessibility } from '../../../ui/sortable-announcements';

const TYPE_ICONS = { email: IconMail, totp: IconDeviceMobile, sms: IconMessage, passkey: IconKey } as const;

interface FactorListProps {
  factors: SecondFactor[];
  onChange: (factors: SecondFactor[]) => void;
  onDelete: (factor: SecondFactor) => void;
  isSaving: boolean;
}

/**
 * The member's factors in the order sign-in offers them. Reorder by dragging the handle (or with the keyboard:
 * Space lifts, arrows move, Space drops) or the up and down buttons; factors from member data have an on/off switch,
 * the others a delete button (seed 002 §4).
 */
export function FactorList({ factors, onChange, onDelete, isSaving }: FactorListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => onChange(arrayMove(factors, from, to));
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      factors.findIndex((f) => f.secondFactorId === active.id),
      factors.findIndex((f) => f.secondFactorId === over.id),
    );
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={sortableAccessibility(
        factors.map((f) => f.secondFactorId),
        (id) => {
          const factor = factors.find((f) => f.secondFactorId === id);
          return factor ? describeSecondFactor(factor.type, factor.emailPhoneOrName) : 'the factor';
        },
      )}
    >
      <SortableContext items={factors.map((f) => f.secondFactorId)} strategy={verticalListSortingStrategy}>
        <ol
          aria-label="Your second factors, in the order sign-in offers them"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-testid="factor-list"
        >
          {factors.map((factor, index) => (
            <FactorRow
              key={factor.secondFactorId}
              factor={factor}
              position={index + 1}
              isSaving={isSaving}
              onUp={index > 0 ? () => move(index, index - 1) : undefined}
              onDown={index < factors.length - 1 ? () => move(index, index + 1) : undefined}
              onToggle={(isEnabled) => onChange(factors.map((f) => (f === factor ? { ...f, isEnabled } : f)))}
              onDelete={() => onDelete(factor)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface FactorRowProps {
  factor: SecondFactor;
  position: number;
  isSaving: boolean;
  onUp?: () => void;
  onDown?: () => void;
  onToggle: (isEnabled: boolean) => void;
  onDelete: () => void;
}

function FactorRow({ factor, position, isSaving, onUp, onDown, onToggle, onDelete }: FactorRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: factor.secondFactorId,
  });
  const label = describeSecondFactor(factor.type, factor.emailPhoneOrName);
  const Icon = TYPE_ICONS[factor.type];
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        marginBottom: 8,
      }}
      data-testid="factor-row"
    >
      <Paper withBorder p="sm" shadow={isDragging ? 'md' : undefined}>
        {/* On a phone the controls move under the name, so the name keeps the row's width (issue 28). */}
        <Group gap="sm" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={`Drag ${label} (position ${position})`}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={18} aria-hidden />
            </ActionIcon>
            <Icon size={20} aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ flex: 1, minWidth: 0 }}>
              {/* The whole name, wrapped: a member must tell their phones and passkeys apart before deleting one. */}
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="factor-name">
                {label}
              </Text>
              {factor.isFromMemberData && (
                <Badge variant="light" color="gray" size="sm">
                  From member data
                </Badge>
              )}
            </div>
          </Group>
          <Group gap="sm" wrap="nowrap" ml="auto">
            {factor.isFromMemberData ? (
              <Switch
                checked={factor.isEnabled}
                onChange={(event) => onToggle(event.currentTarget.checked)}
                disabled={isSaving}
                label={factor.isEnabled ? 'On' : 'Off'}
                aria-label={`Use ${label} at sign-in`}
              />
            ) : (
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={onDelete} disabled={isSaving}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            <ActionIcon variant="subtle" color="gray" aria-label={`Move ${label} up`} onClick={onUp} disabled={!onUp || isSaving}>
              <IconChevronUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label={`Move ${label} down`} onClick={onDown} disabled={!onDown || isSaving}>
              <IconChevronDown size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Paper>
    </li>
  );
}
