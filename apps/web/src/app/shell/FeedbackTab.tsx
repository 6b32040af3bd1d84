import { Button } from '@mantine/core';

export const FEEDBACK_URL = 'https://feedback.example-mls.org/portal';

/** The 'Feedback' tab on the right edge; hidden for originating system SWLAR. */
export function FeedbackTab({ originatingSystem }: { originatingSystem: string | null }) {
  if ((originatingSystem ?? '').toUpperCase() === 'SWLAR') return null;
  return (
    <Button
      component="a"
      href={FEEDBACK_URL}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      radius={0}
      style={{ position: 'fixed', right: 0, top: '50%', transform: 'rotate(-90deg) translate(50%, -50%)', transformOrigin: 'right top', zIndex: 150 }}
    >
      Feedback
    </Button>
  );
}
