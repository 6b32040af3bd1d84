import { Anchor, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMember } from '../../app/member';
import { PageTitle } from '../../ui/PageTitle';

/** The signed-in home. The full dashboard (issue 4) grows from here; until then it shows the member's quick links. */
export function DashboardPage() {
  const { menus, currentUser } = useMember();
  const quickLinks = menus.filter((m) => m.menuType === 'quicklink');
  return (
    <>
      <PageTitle title="Dashboard" />
      <Text mb="md">Welcome back, {currentUser.firstName}.</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {quickLinks.map((link) => (
          <Card key={link.id} withBorder>
            <Anchor href={link.path} target="_blank" rel="noopener noreferrer">
              <Group gap={4}>
                {link.title}
                <IconExternalLink size={14} aria-label="(opens in a new tab)" />
              </Group>
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
