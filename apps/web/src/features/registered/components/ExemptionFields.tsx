import { Alert, FileInput, Grid, Select } from '@mantine/core';
import {
  DISCLOSURE,
  DISCLOSURE_ACCEPT,
  EXEMPTION_MESSAGES as E,
  EXEMPTION_KIND_LABELS,
  type ExemptionKind,
  mlsDueDate,
} from '@portico/shared';
import { IconFileUpload } from '@tabler/icons-react';
import { useExemption } from '../hooks/useExemption';
import type { ListingFormState } from '../hooks/useListingForm';

export interface DisclosureChoice {
  file: File | null;
  onChange: (file: File | null) => void;
}

/** The file's own problem the browser can see (its size); its type is checked on the server by its content. */
export const disclosureFileIssue = (file: File | null) => (file && file.size > DISCLOSURE.maxBytes ? E.disclosureTooLarge : null);

/**
 * Listing Info's exemption (issue 29 section 2, decision 1050): the kinds the MLS accepts, the date a delayed-marketing
 * listing must be in the MLS by (on the MLS's business-day calendar, as the server counts it), and, for a new
 * listing, the seller disclosure to file with it.
 */
export function ExemptionFields({ state, disclosure }: { state: ListingFormState; disclosure?: DisclosureChoice }) {
  const { values, field, setField } = state;
  const { rules, calendar } = useExemption();
  const kind = (values.exemptionKind as ExemptionKind | null) ?? null;
  const offered = new Set<ExemptionKind>([...(rules?.exemptionKinds ?? []), ...(kind ? [kind] : [])]);
  const contractDate = (values.listingContractDate as string | null) ?? null;
  const due = calendar && rules ? mlsDueDate(calendar, kind, contractDate, rules.delayedMarketingDays) : null;
  const fileIssue = disclosure ? disclosureFileIssue(disclosure.file) : null;
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={field('exemptionKind').label}
          description={E.exemptionKindHint}
          required
          allowDeselect={false}
          data={[...offered].map((k) => ({ value: k, label: EXEMPTION_KIND_LABELS[k] }))}
          value={kind}
          onChange={(v) => setField('exemptionKind', v)}
          error={field('exemptionKind').error}
        />
      </Grid.Col>
      {disclosure && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <FileInput
            label={E.disclosureTitle}
            description={rules ? E.disclosureIntro(rules.disclosureDeadlineDays) : undefined}
            accept={DISCLOSURE_ACCEPT}
            clearable
            clearButtonProps={{ 'aria-label': E.disclosureClear }}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            value={disclosure.file}
            onChange={disclosure.onChange}
            error={fileIssue}
          />
        </Grid.Col>
      )}
      {kind === 'delayed-marketing' && rules && (
        <Grid.Col span={12}>
          <Alert color="blue" role="status" data-testid="mls-due-date" title={due ? E.mlsDueOn(due.date) : undefined}>
            {due ? E.mlsDueExplained(rules.delayedMarketingDays) : E.mlsDueNeedsContract}
          </Alert>
        </Grid.Col>
      )}
    </>
  );
}
