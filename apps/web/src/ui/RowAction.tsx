import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** An icon button of a table row, e.g. Edit: its tooltip shows the action, its name says which row ("Edit {title}"). */
export function RowAction({
  action,
  name,
  icon: Glyph,
  onClick,
  color,
}: {
  action: string;
  name: string;
  icon: Icon;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Tooltip label={action}>
      <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={`${action} ${name}`}>
        <Glyph size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
