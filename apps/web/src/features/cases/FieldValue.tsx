import { Anchor, Badge, Text } from '@mantine/core';
import { CASES_MESSAGES, type FormFieldView } from '@portico/shared';
import { IconPaperclip } from '@tabler/icons-react';
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
