import { PageTitle } from '../../ui/PageTitle';
import { PasswordChangeForm } from './PasswordChangeForm';

/** /password-change: the forced change the 'Password Reset Required' modal leads to. */
export function PasswordChangePage() {
  return (
    <>
      <PageTitle title="Change Password" />
      <PasswordChangeForm />
    </>
  );
}
