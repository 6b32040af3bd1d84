import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, PUBLIC_QUICK_LINKS, PUBLIC_TILES } from '@portico/shared';
import { IconApps, IconArticle, IconChartBar, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { signIn } from '../../core/auth';
import { associationFromCode } from '../../core/shell/Logo';
import { toast } from '../../ui/notify';

const TILE_ICONS = [IconChartBar, IconArticle, IconApps];

/** What a visitor sees: the login button, the welcome text, three tiles and the public quick links. */
export function PublicDashboard() {
  const { association } = useParams();
  // Busy from the click until the browser leaves for the sign-in page; a start that fails (the provider's discovery
  // document did not come) says so and lets the member try again, instead of a button that does nothing.
  const [starting, setStarting] = useState(false);
  const startSignIn = () => {
    setStarting(true);
    signIn(associationFromCode(association)).catch(() => {
      setStarting(false);
      toast('failure', MESSAGES.signInStartFailed);
    });
  };
  useEffect(() => {
    document.title = 'Welcome · Portico';
  }, []);
  return (
    <Stack gap="xl" py="lg">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{MESSAGES.welcome}</Title>
        <Text c="dimmed" maw={560}>
          Sign in with your MLS login to see your applications, market statistics, articles and messages.
        </Text>
        <Button size="lg" loading={starting} onClick={startSignIn}>
          {MESSAGES.clickHereToLogin}
        </Button>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {PUBLIC_TILES.map((tile, i) => {
          const Icon = TILE_ICONS[i];
          return (
            <Card key={tile.title} withBorder padding="lg">
              <Group gap="sm" mb="xs">
                <Icon size={28} aria-hidden />
                <Title order={2} size="h4">
                  {tile.title}
                </Title>
              </Group>
              <Text size="sm" c="dimmed">
                {tile.text}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
      <nav aria-label="Quick links">
        <Group justify="center" gap="lg">
          {PUBLIC_QUICK_LINKS.map((link) => (
            <Anchor key={link.title} href={link.url} target="_blank" rel="noopener noreferrer">
              <Group gap={4}>
                {link.title}
                <IconExternalLink size={14} aria-label="(opens in a new tab)" />
              </Group>
            </Anchor>
          ))}
        </Group>
      </nav>
    </Stack>
  );
}
