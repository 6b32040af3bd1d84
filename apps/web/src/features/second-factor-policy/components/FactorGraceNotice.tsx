import { Anchor } from '@mantine/core';
import { SECOND_FACTOR_POLICY_MESSAGES as M } from '@portico/shared';
import { IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NoticeCard } from '../../../ui/NoticeCard';
import { factorRequiredQuery } from '../api';

/**
 * The dashboard's notice for a member in the policy's grace (issue 32 §3): the MLS requires a second factor, and how
 * many more sign-ins work without one before sign-in asks for it first.
 */
export function FactorGraceNotice() {
  const graceLeft = useQuery(factorRequiredQuery).data?.graceLeft ?? null;
  if (graceLeft === null) return null;
  return (
    <NoticeCard title={M.graceTitle} icon={<IconShieldLock aria-hidden />} testId="factor-grace">
      {M.graceText(graceLeft)}{' '}
      <Anchor component={Link} to="/account-settings/manage-authentications" c="var(--mantine-color-text)" underline="always">
        {M.graceAction}
      </Anchor>
    </NoticeCard>
  );
}
