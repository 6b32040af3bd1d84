import type { AudienceIndexEntry, ListingDetail, PageConfig, ReportReason } from '@portico/shared';
import { cleanHtml } from '../../lib/html-sanitizer';
import type { ListingRow, ReasonRow } from './repository';

export function presentReason(r: ReasonRow): ReportReason {
  return {
    id: r.id,
    reasonText: r.reason_text,
    requiresListing: r.requires_listing,
    isVisibleToMembers: r.is_visible_to_members,
    kind: r.kind,
    reportReasonCategory: r.category_display_text ? { displayText: r.category_display_text, listOrder: r.category_list_order } : null,
  };
}

export function presentListing(r: ListingRow): ListingDetail {
  return {
    listingId: r.mls_listing_id,
    // The feed's photos (Media resource) in their order, else the listing's own photo.
    media: (r.photos.length ? r.photos : r.photo_url ? [r.photo_url] : []).map((url) => ({ mediaType: 'IMAGE' as const, mediaURL: url })),
    unparsedAddress: r.unparsed_address,
    city: r.city,
    stateOrProvince: r.state_or_province,
    postalCode: r.postal_code,
    listPrice: Number(r.list_price),
    standardStatus: r.standard_status,
    listingContractDate: r.listing_contract_date,
    purchaseContractDate: r.pending_date,
    closeDate: r.close_date,
    propertyType: r.property_type,
    propertySubType: r.property_sub_type,
    onMarketTimestamp: r.on_market_date ? `${r.on_market_date}T00:00:00.000Z` : null,
    onMarketDate: r.on_market_date,
    daysOnMarket: r.on_market_date ? r.days_on_market : null,
    publicRemarks: r.public_remarks,
  };
}

/** The config as JSON text; every *Html value is sanitised, since the page renders it as HTML. */
export function presentPageConfig(row: { id: string; config: unknown }): PageConfig {
  const config = typeof row.config === 'string' ? JSON.parse(row.config) : row.config;
  const clean = Object.fromEntries(
    Object.entries((config ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k,
      /Html$/.test(k) && typeof v === 'string' ? cleanHtml(v) : v,
    ]),
  );
  return { id: row.id, config: JSON.stringify(clean) };
}

/**
 * A member as the report page needs them: name, login id, member type, office and association. E-mail and phones
 * only when the directory would show them to this viewer (the member lies in the viewer's reach, decision 0930).
 */
export function presentReportableMember(entry: AudienceIndexEntry, showContact: boolean): AudienceIndexEntry {
  if (showContact) return entry;
  const contact = JSON.parse(entry.contactJObject) as Record<string, unknown>;
  return { ...entry, emailAddress: null, contactJObject: JSON.stringify({ ...contact, Phones: [] }) };
}
