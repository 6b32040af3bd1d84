import { Button, Modal, Text } from '@mantine/core';
import { MESSAGES } from '@portico/shared';
import { useLocation, useNavigate } from 'react-router';
import { authConfig } from '../../core/auth';

const EXEMPT = ['/password-change', '/logout'];

/** Blocks the app while the profile requires a password update; not on /password-change or /logout. */
export function PasswordResetModal({ required }: { required: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The forced change is the portal's own password's: with an external provider it is that provider's business.
  const opened = required && authConfig().portalOwnsCredentials && !EXEMPT.includes(pathname.toLowerCase().replace(/\/$/, ''));
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={MESSAGES.passwordResetRequiredTitle}
      centered
      zIndex={3000}
    >
      <Text mb="lg">{MESSAGES.passwordResetRequiredBody}</Text>
      <Button fullWidth onClick={() => navigate('/password-change')}>
        {MESSAGES.changePassword}
      </Button>
    </Modal>
  );
}
