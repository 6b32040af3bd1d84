import { z } from 'zod';
import { text as safeText, wholeNumber } from './input';

/**
 * The registered listing wizard's lookups (seed 001 section 7): lookup values, agents, property reports and address
 * suggestions.
 */

export const lookupValueSchema = z.object({
  lookupType: z.number(),
  value: z.string(),
  longValue: z.string(),
  stateOrProvince: z.string(),
});
export type LookupValue = z.infer<typeof lookupValueSchema>;

export const agentSuggestionSchema = z.object({
  memberMlsId: z.string(),
  memberFullName: z.string(),
  officeMlsId: z.string().nullable(),
  officeName: z.string().nullable(),
});
export type AgentSuggestion = z.infer<typeof agentSuggestionSchema>;

export const propertyReportSchema = z.object({
  propertiesFound: z.number(),
  property: z
    .object({
      county: z.string(),
      state: z.string(),
      address: z.object({ zip4: z.string().nullable(), streetSuffix: z.string().nullable(), full: z.string() }),
      upi: z.string(),
      coordinates: z.object({ lat: z.number(), lon: z.number() }),
      propertyType: z.string().nullable(),
    })
    .nullable(),
});
export type PropertyReport = z.infer<typeof propertyReportSchema>;

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

export const addressSuggestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['address', 'place']),
  streetNumber: z.string().nullable(),
  streetDirPrefix: z.string().nullable(),
  streetName: z.string().nullable(),
  streetSuffix: z.string().nullable(),
  unitNumber: z.string().nullable(),
  city: z.string(),
  stateOrProvince: z.string(),
  postalCode: z.string(),
  countyOrParish: z.string(),
  country: z.literal('US'),
  latitude: z.number(),
  longitude: z.number(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
