import { Badge } from '@mantine/core';
import { REQUIREMENT_MESSAGES as M, type RequirementState } from '@portico/shared';

const COLOR: Record<RequirementState, string> = { met: 'green', due: 'blue', overdue: 'red' };

/** A requirement's state as a badge: the word carries the meaning, the colour only repeats it. */
export function StateBadge({ state }: { state: RequirementState }) {
  return (
    <Badge color={COLOR[state]} variant={state === 'overdue' ? 'filled' : 'light'} data-state={state} style={{ flexShrink: 0 }}>
      {M.stateLabel[state]}
    </Badge>
  );
}
