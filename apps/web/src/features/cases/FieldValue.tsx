import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CASES_MESSAGES, type FormFieldView, OFF_MLS_MESSAGES, TOAST_ERROR_MS } from '@portico/shared';
import { IconPaperclip } from '@tabler/icons-react';
import { downloadAuthorized } from '../../core/download';
import { SafeHtml } from '../../ui/inbox/SafeHtml';

const SAFE_LINK = /^(https?:\/\/|\/)/i;

/** One form field's value, shown by its type: links for e-mail, phone and attachments, HTML for rich text. */
export function FieldValue({ field }: { field: FormFieldView }) {
  if (field.displayValue === '') return <Text c="dimmed">{CASES_MESSAGES.noValue}</Text>;
  const raw = String(field.value ?? '');
  switch (field.fieldType) {
    case 'Email':
      return <Anchor href={`mailto:${raw}`}>{field.displayValue}</Anchor>;
    case 'Phone':
      return <Anchor href={`tel:${raw.replace(/[^\d+]/g, '')}`}>{field.displayValue}</Anchor>;
    case 'Attachment':
      if (field.files) return <FileList files={field.files} />;
      return SAFE_LINK.test(raw) ? (
        <Anchor href={raw} target="_blank" rel="noopener noreferrer" download>
          <IconPaperclip size={14} aria-hidden /> {field.displayValue}
        </Anchor>
      ) : (
        <Text>{field.displayValue}</Text>
      );
    case 'RichText':
      return <SafeHtml html={raw} />;
    case 'Boolean':
      return (
        <Badge color={field.displayValue === 'Yes' ? 'teal' : 'gray'} variant="dot">
          {field.displayValue}
        </Badge>
      );
    case 'TextArea':
      return <Text style={{ whiteSpace: 'pre-wrap' }}>{field.displayValue}</Text>;
    default:
      return <Text>{field.displayValue}</Text>;
  }
}

/** Several files of one field (a report's evidence, decision 1093): each fetched with the member's token. */
function FileList({ files }: { files: Array<{ name: string; url: string }> }) {
  const open = (file: { name: string; url: string }) =>
    downloadAuthorized(file.url, file.name, OFF_MLS_MESSAGES.evidenceNotFound).catch((error: Error) =>
      notifications.show({ color: 'red', title: 'Error', message: error.message, autoClose: TOAST_ERROR_MS }),
    );
  return (
    <Stack gap={4} align="flex-start">
      {files.map((file) => (
        <Button
          key={file.url}
          variant="subtle"
          size="compact-sm"
          px={0}
          leftSection={<IconPaperclip size={14} aria-hidden />}
          onClick={() => open(file)}
          style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}
        >
          {file.name}
        </Button>
      ))}
    </Stack>
  );
}
