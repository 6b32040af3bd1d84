import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dashboard notice that asks the member to act (a listing due in the MLS, a second factor to add): orange, light.
 * The colour marks the border and icon; the title keeps the text colour for AA contrast (as the system notices).
 */
export function NoticeCard({ title, icon, testId, children }: { title: string; icon: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title={title}
      icon={icon}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
