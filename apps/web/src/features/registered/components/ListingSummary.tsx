import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  EXEMPTION_KIND_LABELS,
  type ExemptionKind,
  formatDateUs,
  formatUsd,
  REGISTERED_LABELS as L,
  REGISTERED_MESSAGES as M,
  propertyTypeLabelOf,
} from '@portico/shared';
import type { FieldErrors, FormValues } from '../hooks/useListingForm';
import classes from './ListingSummary.module.css';

type Values = Partial<FormValues>;
const str = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

const SECTIONS: Array<{ title: string; items: Array<[string, (v: Values) => string, string?]> }> = [
  {
    title: 'Location',
    items: [
      [L.streetNumber, (v) => str(v.streetNumber), 'streetNumber'],
      [L.streetDirPrefix, (v) => str(v.streetDirPrefix)],
      [L.streetName, (v) => str(v.streetName), 'streetName'],
      [L.streetSuffix, (v) => str(v.streetSuffix)],
      [L.unitNumber, (v) => str(v.unitNumber)],
      [L.city, (v) => str(v.city), 'city'],
      [L.stateOrProvince, (v) => str(v.stateOrProvince), 'stateOrProvince'],
      [L.postalCode, (v) => [v.postalCode, v.postalCodePlus4].filter(Boolean).join('-') || '—', 'postalCode'],
      [L.countyOrParish, (v) => str(v.countyOrParish), 'countyOrParish'],
      [L.universalPropertyId, (v) => str(v.universalPropertyId)],
    ],
  },
  {
    title: 'Listing Info',
    items: [
      [L.propertyType, (v) => propertyTypeLabelOf(v.propertyType as string) || str(v.propertyType), 'propertyType'],
      [L.listPrice, (v) => (v.listPrice ? formatUsd(Number(v.listPrice)) : '—'), 'listPrice'],
      [L.listingContractDate, (v) => formatDateUs(v.listingContractDate as string) || '—', 'listingContractDate'],
      [L.expirationDate, (v) => formatDateUs(v.expirationDate as string) || '—', 'expirationDate'],
      [L.startShowingDate, (v) => (v.noMarketing ? M.doNotMarket : formatDateUs(v.startShowingDate as string) || '—'), 'startShowingDate'],
      [L.exemptionKind, (v) => EXEMPTION_KIND_LABELS[(v.exemptionKind as ExemptionKind) ?? 'office-exclusive'] ?? '—', 'exemptionKind'],
    ],
  },
  {
    title: 'List/Co-list Agent',
    items: [
      [L.listAgentMlsId, (v) => str(v.listAgentMlsId), 'listAgentMlsId'],
      [L.coListAgentMlsId, (v) => str(v.coListAgentMlsId), 'coListAgentMlsId'],
      [L.listTeamKey, (v) => str(v.listTeamKey)],
      [L.coListTeamKey, (v) => str(v.coListTeamKey)],
      [L.offersEmail, (v) => str(v.offersEmail), 'offersEmail'],
    ],
  },
];

/** The review of all data: the Confirmation step and the read-only view show the same summary. */
export function ListingSummary({ values, errors = {} }: { values: Values; errors?: FieldErrors }) {
  return (
    <Stack gap="lg">
      {SECTIONS.map((section) => (
        <section key={section.title} aria-label={section.title}>
          <Title order={2} size="h4" mb="xs">
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
            {section.items.map(([label, value, field]) => (
              <div key={label}>
                <Text size="xs" fw={700}>
                  {label}
                </Text>
                <Text size="sm">{value(values)}</Text>
                {field && errors[field] && (
                  <Text size="xs" fw={600} className={classes.error}>
                    {errors[field]}
                  </Text>
                )}
              </div>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
