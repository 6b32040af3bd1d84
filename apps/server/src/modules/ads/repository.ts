import type { AdProvider, AdTag, GenericContainer } from '@portico/shared';
import type { Queryable } from '../../db/index';

interface ProviderRow {
  id: number;
  provider_name: string;
  is_enabled: boolean;
  impressions: Array<{ id: number; tag_name: AdTag; is_enabled: boolean; is_script: boolean; template: string }> | null;
}

/**
 * Providers for every association and those of the member's own, each with its impressions; the association's
 * own come first, so that a slot shows the more specific ad (the web app takes the first provider with the tag).
 */
export async function findAdProviders(q: Queryable, aorId: number | null): Promise<AdProvider[]> {
  const rows = await q.queryPrepared<ProviderRow>(
    `SELECT p.id, p.provider_name, p.is_enabled,
            (SELECT json_agg(json_build_object('id', i.id, 'tag_name', i.tag_name, 'is_enabled', i.is_enabled,
                                               'is_script', i.is_script, 'template', i.template) ORDER BY i.id)
               FROM ad_impressions i WHERE i.provider_id = p.id) AS impressions
       FROM ad_providers p
      WHERE p.aor_id IS NULL OR p.aor_id = $1
      ORDER BY p.aor_id IS NULL, p.id`,
    [aorId],
  );
  return rows.map((r) => ({
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
  }));
}

/** The dashboard's sections; Pending ones only when the caller may see them. */
export async function findContainers(q: Queryable, includePending: boolean): Promise<GenericContainer[]> {
  const rows = await q.queryPrepared<{
    id: number;
    key: string;
    title: string;
    status: 'Active' | 'Pending';
    view_order: number;
    ad_tag: AdTag | null;
  }>(
    `SELECT id, key, title, status, view_order, ad_tag FROM generic_containers
      WHERE status = 'Active' OR $1::boolean ORDER BY view_order, id`,
    [includePending],
  );
  return rows.map((r) => ({ id: r.id, key: r.key, title: r.title, status: r.status, viewOrder: r.view_order, adTag: r.ad_tag }));
}
