import { Stack } from '@mantine/core';
import { parseId } from '@portico/shared';
import { useParams } from 'react-router';
import { useMember } from '../../app/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageTitle } from '../../ui/PageTitle';
import { OidcClientPanel } from './OidcClientPanel';

/**
 * A small MLS-staff page around the OIDC client panel, at /sso-oidc/{applicationId}, until the 'Single sign-on'
 * screen embeds the panel for applications whose protocol is OIDC.
 */
export function OidcClientPage() {
  const { viewer } = useMember();
  const applicationId = parseId(useParams().applicationId ?? '');
  if (viewer.level !== 5) return <ErrorPanel title="No access" message="Only MLS staff register OpenID Connect applications." />;
  if (applicationId === null) return <ErrorPanel title="Unknown application" message="The address names no application." />;
  return (
    <Stack>
      <PageTitle title="Single sign-on: OpenID Connect" />
      <OidcClientPanel applicationId={applicationId} />
    </Stack>
  );
}
