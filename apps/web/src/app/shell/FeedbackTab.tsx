import { Box } from '@mantine/core';

export const FEEDBACK_URL = 'https://feedback.example-mls.org/portal';

/** The 'Feedback' tab on the right edge; hidden for originating system SWLAR. */
export function FeedbackTab({ originatingSystem }: { originatingSystem: string | null }) {
  if ((originatingSystem ?? '').toUpperCase() === 'SWLAR') return null;
  return (
    <Box
      component="a"
      href={FEEDBACK_URL}
      target="_blank"
      rel="noopener noreferrer"
      bg="blue.9"
      c="white"
      fw={600}
      fz="sm"
      px={6}
      py="sm"
      style={{
        position: 'fixed',
        right: 0,
        top: '45%',
        writingMode: 'vertical-rl',
        transform: 'rotate(180deg)',
        borderRadius: '0 6px 6px 0',
        textDecoration: 'none',
        zIndex: 150,
      }}
    >
      Feedback
    </Box>
  );
}
