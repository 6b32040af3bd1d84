import { z } from 'zod';
import { AD_TAGS, APPLICATION_CATEGORIES } from '../domain/dashboard-messages';
import { SSO_PROTOCOLS } from './sso';

/** `GET api/app/AudienceApplications/`: one application of the launcher (seed 000 section 3). */
export const audienceApplicationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameShort: z.string(),
  url: z.string().nullable(),
  iconUrl: z.string().nullable(),
  hoverText: z.string().nullable(),
  applicationCategory: z.enum(APPLICATION_CATEGORIES),
  mlsSystem: z.string().nullable(),
  /** Core products: the connected applications an office can switch on or off. */
  isCore: z.boolean(),
  isNew: z.boolean(),
  createdOn: z.string(),
  /** How the tile signs the member in (decision 0988): 'saml' launches through /saml/launch/{id}. */
  protocol: z.enum(SSO_PROTOCOLS),
});
export type AudienceApplication = z.infer<typeof audienceApplicationSchema>;

/** A point of a KPI's small trend series: the month ('YYYY-MM') and its value. */
export const kpiTrendPointSchema = z.object({ period: z.string(), value: z.number() });

/** `GET api/app/KpiDefinition/ExecuteAll`: one market statistics card. */
export const kpiSchema = z.object({
  kpiDefinitionID: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  measure: z.string(),
  /** A leading + or - says up or down; '0.0%' is flat; '' when the previous period has nothing to compare. */
  changeMeasure: z.string(),
  iconUrl: z.string().nullable(),
  viewOrder: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  trend: z.array(kpiTrendPointSchema),
});
export type Kpi = z.infer<typeof kpiSchema>;

/** `GET api/app/GenericAds`: an ad provider and its impressions, one per tag. */
export const adImpressionSchema = z.object({
  id: z.number().int(),
  tagName: z.enum(AD_TAGS),
  isEnabled: z.boolean(),
  isScript: z.boolean(),
  template: z.string(),
});
export const adProviderSchema = z.object({
  id: z.number().int(),
  providerName: z.string(),
  isEnabled: z.boolean(),
  impressions: z.array(adImpressionSchema),
});
export type AdImpression = z.infer<typeof adImpressionSchema>;
export type AdProvider = z.infer<typeof adProviderSchema>;

export const CONTAINER_STATUSES = ['Active', 'Pending'] as const;
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];

/** `GET api/app/GenericContainers/`: the dashboard's sections. Pending ones reach admins only. */
export const genericContainerSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  status: z.enum(CONTAINER_STATUSES),
  viewOrder: z.number().int(),
  adTag: z.enum(AD_TAGS).nullable(),
});
export type GenericContainer = z.infer<typeof genericContainerSchema>;
