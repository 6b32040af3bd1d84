import { Badge } from '@mantine/core';
import type { CaseStatus } from '@portico/shared';

const COLOR: Record<CaseStatus, string> = { New: 'blue', Open: 'orange', 'Waiting on Member': 'grape', Resolved: 'teal', Closed: 'gray' };

export function StatusBadge({ status }: { status: CaseStatus }) {
  return (
    <Badge color={COLOR[status] ?? 'gray'} variant="dot" size="md">
      {status}
    </Badge>
  );
}
