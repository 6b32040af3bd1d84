import type { RegisteredListingField } from '@portico/shared';
import type { FieldErrors } from '../hooks/useListingForm';

/** The fields of step 1 (Location) and step 3 (List/Co-list Agent); every other field is on step 2 (Listing Info). */
const LOCATION: ReadonlySet<string> = new Set<RegisteredListingField>([
  'streetNumber',
  'streetDirPrefix',
  'streetName',
  'streetSuffix',
  'streetDirSuffix',
  'unitNumber',
  'city',
  'stateOrProvince',
  'postalCode',
  'countyOrParish',
  'subdivisionName',
  'latitude',
  'longitude',
  'universalPropertyId',
  'country',
]);
const AGENTS: ReadonlySet<string> = new Set<RegisteredListingField>([
  'listAgentMlsId',
  'coListAgentMlsId',
  'listTeamKey',
  'coListTeamKey',
  'offersEmail',
]);

/** The wizard step (0 to 2) a field is entered on. */
export function stepOfField(field: string): number {
  if (LOCATION.has(field)) return 0;
  if (AGENTS.has(field)) return 2;
  return 1;
}

/** The steps with at least one error: the stepper marks them instead of ticking them (decision 0967). */
export function stepsWithErrors(errors: FieldErrors): Set<number> {
  return new Set(Object.keys(errors).map(stepOfField));
}
