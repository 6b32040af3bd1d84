import { Badge } from '@mantine/core';
import { REQUIREMENT_MESSAGES as M, type RequirementState } from '@portico/shared';

// Filled, shade 9, with the text's contrast computed: the light green of 'Met' read 3.07:1 and green.9 4.36:1 (axe, AA needs 4.5:1).
const COLOR: Record<RequirementState, string> = { met: 'teal.9', due: 'blue.9', overdue: 'red.9' };

/** A requirement's state as a badge: the word carries the meaning, the colour only repeats it. */
export function StateBadge({ state }: { state: RequirementState }) {
  return (
    <Badge color={COLOR[state]} variant="filled" autoContrast data-state={state} style={{ flexShrink: 0 }}>
      {M.stateLabel[state]}
    </Badge>
  );
}
