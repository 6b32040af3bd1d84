import { Anchor, List } from '@mantine/core';
import { CLEAR_COOP_MESSAGES as M, mayRegisterListings } from '@portico/shared';
import { IconClockExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMember } from '../../core/member';
import { NoticeCard } from '../../ui/NoticeCard';
import { useClearCoopDue } from './api';

/** The dashboard's card: the member's registered listings that must be in the MLS within two business days. */
export function ClearCoopDueCard() {
  // Only members who hold registered listings ask: staff and assistants have none of their own.
  const due = useClearCoopDue(mayRegisterListings(useMember().viewer));
  if (!due.data || due.data.count === 0) return null;
  return (
    <NoticeCard title={M.dueCardTitle} icon={<IconClockExclamation aria-hidden />} testId="clear-coop-due">
      {M.dueCardText(due.data.count)}
      <List size="sm" mt="xs">
        {due.data.listings.slice(0, 5).map((l) => (
          <List.Item key={l.id}>
            <Anchor component={Link} to={`/registered/${l.id}`} c="var(--mantine-color-text)" underline="always">
              {l.listingId}
            </Anchor>{' '}
            {l.address}: {M.deadlineOn(l.deadlineOn)}
          </List.Item>
        ))}
      </List>
    </NoticeCard>
  );
}
