import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { Footer } from './Footer';
import { Logo } from './Logo';

/** The signed-out frame; `association` names whose logo the header shows when the path does not (the EULA screen). */
export function PublicLayout({ children, association: known }: { children?: ReactNode; association?: string | null }) {
  const params = useParams();
  const association = params.association ?? known;
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" px="lg" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group>
          <Logo association={association} />
        </Group>
      </Box>
      <Container component="main" size="lg" py="lg" style={{ flex: 1, width: '100%' }}>
        {children ?? <Outlet />}
      </Container>
      <Footer />
    </Box>
  );
}
