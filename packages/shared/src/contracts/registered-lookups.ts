import { z } from 'zod';
import { text as safeText, wholeNumber } from './input';

/**
 * The registered listing wizard's lookups (seed 001 section 7): lookup values, agents, property reports and address
 * suggestions.
 */

export interface LookupValue {
  lookupType: number;
  value: string;
  longValue: string;
  stateOrProvince: string;
}

export interface AgentSuggestion {
  memberMlsId: string;
  memberFullName: string;
  officeMlsId: string | null;
  officeName: string | null;
}

export interface PropertyReport {
  propertiesFound: number;
  property: null | {
    county: string;
    state: string;
    address: { zip4: string | null; streetSuffix: string | null; full: string };
    upi: string;
    coordinates: { lat: number; lon: number };
    propertyType: string | null;
  };
}

const lookupType = wholeNumber(1, 999);
const lookupText = safeText(100).trim().min(1);
/** `GET cribdata/LookupValues/{lookupType}/exact/{value}` and `.../search/{text}`, `GET cribdata/Members/ta/{text}`. */
export const lookupExactParamsSchema = z.object({ lookupType, value: lookupText });
export const lookupExactQuerySchema = z.object({ useLongValue: z.enum(['true', 'false']).optional() });
export const lookupSearchParamsSchema = z.object({ lookupType, text: lookupText });
export const agentSearchParamsSchema = z.object({ text: lookupText });
/** `role=list`: the list agent field, offered only agents the writer may name (decision 0972); co-list by default. */
export const agentSearchQuerySchema = z.object({ role: z.enum(['list', 'coList']).default('coList') });

export const addressSearchQuerySchema = z.object({
  text: safeText(120).trim().min(1),
  country: safeText(2).trim().toUpperCase().default('US'),
});

export interface AddressSuggestion {
  id: string;
  label: string;
  kind: 'address' | 'place';
  streetNumber: string | null;
  streetDirPrefix: string | null;
  streetName: string | null;
  streetSuffix: string | null;
  unitNumber: string | null;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  countyOrParish: string;
  country: 'US';
  latitude: number;
  longitude: number;
}
