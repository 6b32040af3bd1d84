import type { AdProvider, GenericContainer } from '@portico/shared';
import type { ContainerRow, ProviderRow } from './repository';

export const presentAdProvider = (r: ProviderRow): AdProvider => ({
  id: r.id,
  providerName: r.provider_name,
  isEnabled: r.is_enabled,
  impressions: (r.impressions ?? []).map((i) => ({
    id: i.id,
    tagName: i.tag_name,
    isEnabled: i.is_enabled,
    isScript: i.is_script,
    template: i.template,
  })),
});

export const presentContainer = (r: ContainerRow): GenericContainer => ({
  id: r.id,
  key: r.key,
  title: r.title,
  status: r.status,
  viewOrder: r.view_order,
  adTag: r.ad_tag,
});
