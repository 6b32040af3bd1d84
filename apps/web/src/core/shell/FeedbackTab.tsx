import { Anchor, Box } from '@mantine/core';

export const FEEDBACK_URL = 'https://feedback.example-mls.org/portal';

export const hasFeedback = (originatingSystem: string | null | undefined) => (originatingSystem ?? '').toUpperCase() !== 'SWLAR';

/**
 * The 'Feedback' tab, written vertically in the shell's right rail (an `<aside>`, so inside a landmark, and a
 * column of its own, so it never covers a control; decision 0951). Hidden for originating system SWLAR.
 */
export function FeedbackTab({ originatingSystem }: { originatingSystem: string | null }) {
  if (!hasFeedback(originatingSystem)) return null;
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
        position: 'absolute',
        right: 0,
        top: '45%',
        writingMode: 'vertical-rl',
        transform: 'rotate(180deg)',
        borderRadius: '0 6px 6px 0',
        textDecoration: 'none',
      }}
    >
      Feedback
    </Box>
  );
}

/** Below the rail's breakpoint the rail is gone: the footer carries the Feedback link instead. */
export function FeedbackFooterLink({ originatingSystem }: { originatingSystem: string | null | undefined }) {
  if (!hasFeedback(originatingSystem)) return null;
  return (
    <Anchor href={FEEDBACK_URL} target="_blank" rel="noopener noreferrer" size="sm" hiddenFrom="sm">
      Feedback
    </Anchor>
  );
}
