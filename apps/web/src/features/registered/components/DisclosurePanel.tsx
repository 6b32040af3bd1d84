import { Badge, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import {
  DISCLOSURE_ACCEPT,
  EXEMPTION_MESSAGES as E,
  EXEMPTION_KIND_LABELS,
  type ExemptionKind,
  formatDateUs,
  type RegisteredListing,
  todayIn,
} from '@portico/shared';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../core/api';
import { refreshAfterWrite } from '../../../core/refresh';
import { DownloadButton } from '../../../ui/DownloadButton';
import { toast } from '../../../ui/notify';
import { downloadDisclosure, registeredKeys, uploadDisclosure } from '../api';
import { useExemption } from '../hooks/useExemption';
import { disclosureFileIssue } from './ExemptionFields';

/** The 'Disclosure missing' mark of the list and the listing page: white on dark red, AA in every theme. */
export function DisclosureMissingBadge() {
  return (
    <Badge color="red.9" variant="filled" data-testid="disclosure-missing">
      {E.disclosureMissing}
    </Badge>
  );
}

/**
 * A listing's exemption and seller disclosure (issue 29 section 2, decision 1050), on its page whether it can still
 * change or not: the kind, the day a delayed-marketing listing must be in the MLS by, the disclosure's deadline, the
 * file filed (to download) or 'Disclosure missing', and the upload while the listing can change.
 */
export function DisclosurePanel({ listing }: { listing: RegisteredListing }) {
  const client = useQueryClient();
  const { rules, calendar } = useExemption();
  const zone = calendar?.zone;
  // The deadline ends at midnight starting the next day: its last day is the day of the instant just before.
  const dueDay = listing.disclosureDueAt && zone ? todayIn(zone, new Date(Date.parse(listing.disclosureDueAt) - 1)) : null;
  const upload = useMutation({
    mutationFn: (file: File) => uploadDisclosure(listing.id, file),
    onSuccess: (saved) => {
      client.setQueryData(registeredKeys.one(saved.id), saved);
      void refreshAfterWrite(client, registeredKeys.all);
      toast('success', E.disclosureUploaded, E.disclosureTitle);
    },
    onError: (error) => toast('failure', error instanceof ApiError ? error.message : E.disclosureUploadFailed, E.disclosureUploadFailed),
  });
  const handleFile = (file: File | null) => {
    if (!file) return;
    const issue = disclosureFileIssue(file);
    if (issue) return toast('failure', issue, E.disclosureUploadFailed);
    upload.mutate(file);
  };
  const filed = listing.disclosure;
  return (
    <Card withBorder mb="md" component="section" aria-label={E.disclosureTitle}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {E.disclosureTitle}
          </Title>
          {listing.disclosureMissing && <DisclosureMissingBadge />}
        </Group>
        <Text size="sm">
          {E.exemptionKind}: {EXEMPTION_KIND_LABELS[listing.exemptionKind as ExemptionKind] ?? listing.exemptionKind}
          {listing.mlsDueDate ? ` · ${E.mlsDueOn(listing.mlsDueDate)}` : ''}
        </Text>
        {rules && <Text size="sm">{E.disclosureIntro(rules.disclosureDeadlineDays)}</Text>}
        {!filed && dueDay && <Text size="sm">{E.disclosureDue(formatDateUs(dueDay))}</Text>}
        <Text size="sm" data-testid="disclosure-status">
          {filed
            ? E.disclosureFiled(filed.fileName, formatDateUs(zone ? todayIn(zone, new Date(filed.uploadedOn)) : filed.uploadedOn))
            : E.disclosureNone}
        </Text>
        <Group gap="xs">
          {filed && (
            <DownloadButton
              variant="default"
              size="sm"
              download={() => downloadDisclosure(listing.id)}
              failure={E.disclosureDownloadFailed}
            >
              {E.disclosureDownload}
            </DownloadButton>
          )}
          {!listing.isReadOnly && (
            <FileButton onChange={handleFile} accept={DISCLOSURE_ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  size="sm"
                  variant="light"
                  loading={upload.isPending}
                  leftSection={<IconFileUpload size={16} aria-hidden />}
                >
                  {filed ? E.disclosureReplace : E.disclosureUpload}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
