import { Anchor, Card, Code, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ADMIN_MESSAGES as M } from '@portico/shared';
import type { AdminPanelProps } from '../tabs';

/**
 * The Resource Materials tab (seed 002 section 2): a card whose image links to the materials, with their
 * case-sensitive password, and a Support Page card. Shown only when the data has a url and a password.
 */
export function ResourceMaterialsPanel({ context }: AdminPanelProps) {
  const data = context.admin.resourceMaterials;
  if (!data) return null;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {data.isBroker ? M.brokerResourceMaterials : M.aorResourceMaterials}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={760}>
        <Card withBorder padding="lg">
          <Card.Section>
            <Anchor href={data.url} target="_blank" rel="noopener noreferrer" aria-label={M.openMaterials}>
              <Image src={data.image} alt="" h={160} fit="contain" bg="gray.1" />
            </Anchor>
          </Card.Section>
          <Stack gap={4} mt="md">
            <Anchor href={data.url} target="_blank" rel="noopener noreferrer" fw={600}>
              {data.isBroker ? M.brokerResourceMaterials : M.aorResourceMaterials}
            </Anchor>
            <Text size="sm">
              {M.resourcePassword} <Code data-testid="resource-password">{data.password}</Code>
            </Text>
          </Stack>
        </Card>
        {data.infoUrl && (
          <Card withBorder padding="lg">
            {data.infoImage && (
              <Card.Section>
                <Anchor href={data.infoUrl} target="_blank" rel="noopener noreferrer" aria-label={M.openSupportPage}>
                  <Image src={data.infoImage} alt="" h={160} fit="contain" bg="gray.1" />
                </Anchor>
              </Card.Section>
            )}
            <Anchor href={data.infoUrl} target="_blank" rel="noopener noreferrer" fw={600} mt="md">
              {M.supportPage}
            </Anchor>
          </Card>
        )}
      </SimpleGrid>
    </Stack>
  );
}
