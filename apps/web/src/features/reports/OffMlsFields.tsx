import { FileInput, Grid, Progress, Select, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { EVIDENCE, OFF_MLS_MESSAGES as O, OFF_MLS_SEEN_WHERE, type OffMlsReportInput } from '@portico/shared';
import { IconFileUpload } from '@tabler/icons-react';

/** What the member has typed of an off-MLS report (the description and the reason are the page's). */
export type OffMlsDraft = Omit<OffMlsReportInput, 'reportReasonId' | 'text'>;
export const EMPTY_OFF_MLS: OffMlsDraft = {
  streetNumber: '',
  streetName: '',
  unit: '',
  city: '',
  postalCode: '',
  seenOn: '',
  seenWhere: 'Yard sign',
};

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/gif,application/pdf';

/**
 * 'Listing marketed but not in the MLS' (decision 1093): the property's address, when and where it was seen marketed,
 * and up to five photos, screenshots or PDFs. Errors are the server's, by field.
 */
export function OffMlsFields({
  draft,
  onChange,
  files,
  onFiles,
  errors,
  progress,
  maxDate,
}: {
  draft: OffMlsDraft;
  onChange: (next: OffMlsDraft) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  errors: Record<string, string>;
  /** The upload's share sent, while it is sent. */
  progress: number | null;
  /** The MLS's today: a later date cannot be chosen. */
  maxDate: string;
}) {
  const set = (key: keyof OffMlsDraft) => (value: string | null) => onChange({ ...draft, [key]: value ?? '' });
  const text = (key: keyof OffMlsDraft, label: string, span: number, required = true) => (
    <Grid.Col span={{ base: 12, sm: span }}>
      <TextInput
        label={label}
        withAsterisk={required}
        value={String(draft[key] ?? '')}
        onChange={(e) => set(key)(e.currentTarget.value)}
        error={errors[key]}
      />
    </Grid.Col>
  );
  return (
    <>
      <Text size="sm">{O.intro}</Text>
      <Grid>
        {text('streetNumber', 'Street number', 3)}
        {text('streetName', 'Street name', 6)}
        {text('unit', 'Unit', 3, false)}
        {text('city', 'City', 8)}
        {text('postalCode', 'ZIP code', 4)}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DatePickerInput
            label="Date first seen"
            withAsterisk
            valueFormat="MM/DD/YYYY"
            maxDate={maxDate}
            defaultDate={maxDate}
            value={draft.seenOn || null}
            onChange={(value) => set('seenOn')(value)}
            error={errors.seenOn}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Seen where"
            withAsterisk
            allowDeselect={false}
            data={[...OFF_MLS_SEEN_WHERE]}
            value={draft.seenWhere}
            onChange={set('seenWhere')}
            error={errors.seenWhere}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <FileInput
            label={O.evidenceLabel}
            multiple
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the evidence files' }}
            accept={ACCEPT}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            value={files}
            onChange={(chosen) => onFiles(chosen.slice(0, EVIDENCE.maxFiles))}
            error={errors[EVIDENCE.field] ?? (files.some((f) => f.size > EVIDENCE.maxBytes) ? O.evidenceTooLarge : undefined)}
          />
          {progress !== null && <Progress mt="xs" value={Math.round(progress * 100)} aria-label="Sending the evidence" />}
        </Grid.Col>
      </Grid>
    </>
  );
}
