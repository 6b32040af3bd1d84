import { Anchor, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type AttachmentKind, attachmentKind, type TrainingTopic } from '@portico/shared';
import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeCsv,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileTypePpt,
  IconInfoCircle,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';

const ICONS: Record<AttachmentKind, typeof IconFile> = {
  pdf: IconFileTypePdf,
  word: IconFileTypeDoc,
  excel: IconFileSpreadsheet,
  csv: IconFileTypeCsv,
  powerpoint: IconFileTypePpt,
  text: IconFileText,
  image: IconPhoto,
  file: IconFile,
};

/** A topic card: name, description, a notes tooltip, the video link and the attachment with its file-type icon. */
export function TopicCard({ topic }: { topic: TrainingTopic }) {
  const kind = topic.attachmentUrl ? attachmentKind(topic.attachmentUrl) : null;
  const Icon = kind ? ICONS[kind] : IconFile;
  return (
    <Card withBorder padding="md" data-testid="topic-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{topic.name}</Text>
          {topic.notes && (
            <Tooltip label={topic.notes} multiline w={260} withArrow>
              <Anchor component="button" type="button" aria-label={`Notes: ${topic.notes}`} c="dimmed">
                <IconInfoCircle size={18} aria-hidden />
              </Anchor>
            </Tooltip>
          )}
        </Group>
        {topic.description && <Text size="sm">{topic.description}</Text>}
        <Group gap="md">
          {topic.videoUrl && (
            <Anchor href={topic.videoUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span">
                <IconVideo size={16} aria-hidden />
                Watch video
              </Group>
            </Anchor>
          )}
          {topic.attachmentUrl && (
            <Anchor href={topic.attachmentUrl} target="_blank" rel="noopener noreferrer" size="sm" data-kind={kind}>
              <Group gap={4} component="span">
                <Icon size={16} aria-hidden />
                Attachment
              </Group>
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
