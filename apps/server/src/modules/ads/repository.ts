import type { AdTag } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface ImpressionRow {
  id: number;
  tag_name: AdTag;
  is_enabled: boolean;
  is_script: boolean;
  template: string;
}

export interface ProviderRow {
  id: number;
  provider_name: string;
  is_enabled: boolean;
  impressions: ImpressionRow[] | null;
}

export interface ContainerRow {
  id: number;
  key: string;
  title: string;
  status: 'Active' | 'Pending';
  view_order: number;
  ad_tag: AdTag | null;
}

/**
 * Providers for every association and those of the member's own, each with its impressions; the association's
 * own come first, so that a slot shows the more specific ad (the web app takes the first provider with the tag).
 */
export function findAdProviders(q: Queryable, aorId: number | null): Promise<ProviderRow[]> {
  return q.queryPrepared<ProviderRow>(
    `SELECT p.id, p.provider_name, p.is_enabled,
            (SELECT json_agg(json_build_object('id', i.id, 'tag_name', i.tag_name, 'is_enabled', i.is_enabled,
                                               'is_script', i.is_script, 'template', i.template) ORDER BY i.id)
               FROM ad_impressions i WHERE i.provider_id = p.id) AS impressions
       FROM ad_providers p
      WHERE p.aor_id IS NULL OR p.aor_id = $1
      ORDER BY p.aor_id IS NULL, p.id`,
    [aorId],
  );
}

/** The dashboard's sections; Pending ones only when the caller may see them. */
export function findContainers(q: Queryable, includePending: boolean): Promise<ContainerRow[]> {
  return q.queryPrepared<ContainerRow>(
    `SELECT id, key, title, status, view_order, ad_tag FROM generic_containers
      WHERE status = 'Active' OR $1::boolean ORDER BY view_order, id`,
    [includePending],
  );
}
