import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { Footer } from './Footer';
import { Logo } from './Logo';

export function PublicLayout({ children }: { children?: ReactNode }) {
  const { association } = useParams();
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
