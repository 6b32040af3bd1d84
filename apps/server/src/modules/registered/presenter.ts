import {
  CLEAR_COOP_PLAIN,
  CLEAR_COOP_STATE_LABELS,
  canSendToMls,
  clearCoopState,
  DEFAULT_EXEMPTION_KIND,
  type ExemptionKind,
  isDisclosureMissing,
  isRegisteredActionable,
  isRegisteredReadOnly,
  type RegisteredClearCooperation,
  type RegisteredListing,
  type RegisteredListRow,
  registeredStatusOf,
  statusDateOf,
  todayIso,
  type Viewer,
} from '@portico/shared';
import { canDelete, type RegisteredScope } from './policy';
import type { RegisteredRow } from './repository';

/** The columns a list row is presented from (repository's LIST_COLUMNS). */
export type RegisteredListColumns = Pick<
  RegisteredRow,
  | 'id'
  | 'listing_id'
  | 'standard_status'
  | 'promoted_mls_id'
  | 'promoted_date'
  | 'expiration_date'
  | 'cancellation_date'
  | 'created_on'
  | 'unparsed_address'
  | 'property_type'
  | 'list_price'
  | 'start_showing_date'
  | 'version'
  | 'list_agent_member_id'
  | 'co_list_agent_member_id'
  | 'office_id'
  | 'aor_id'
  | 'exemption_kind'
  | 'disclosure_due_at'
  | 'disclosure_filed_on'
  | 'mls_listing_key'
  | 'mls_deadline_on'
  | 'mls_deadline_at'
  | 'mls_due_soon_at'
  | 'mls_alerted_on'
  | 'mls_case_id'
>;

/** The listing's Clear Cooperation deadline and state, from what the watch stored (decision 1080). */
function clearCooperationOf(r: RegisteredListColumns): RegisteredClearCooperation {
  const state = clearCoopState({
    standardStatus: r.standard_status,
    mlsListingKey: r.mls_listing_key,
    alertedOn: r.mls_alerted_on,
    caseId: r.mls_case_id,
    deadlineAt: r.mls_deadline_at,
    dueSoonAt: r.mls_due_soon_at,
  });
  return { state, label: CLEAR_COOP_STATE_LABELS[state], explained: CLEAR_COOP_PLAIN[state], deadlineOn: r.mls_deadline_on };
}

/** A row of the list page: its columns and what this viewer may do to it (decision 0205, "Lean list rows"). */
export function presentListRow(
  r: RegisteredListColumns,
  viewer: Viewer,
  scope: RegisteredScope,
  today = todayIso(viewer.timeZone),
): RegisteredListRow {
  const facts = {
    cancellationDate: r.cancellation_date,
    promotedMlsId: r.promoted_mls_id,
    promotedDate: r.promoted_date,
    expirationDate: r.expiration_date,
  };
  const isReadOnly = isRegisteredReadOnly(facts, today);
  const actionable = isRegisteredActionable(facts, today);
  return {
    id: r.id,
    listingId: r.listing_id,
    standardStatus: r.standard_status,
    registeredStatus: registeredStatusOf(r.standard_status),
    statusDate: statusDateOf({ ...facts, standardStatus: r.standard_status, createdOn: r.created_on.toISOString().slice(0, 10) }),
    promotedMlsId: r.promoted_mls_id,
    propertyAddress: r.unparsed_address,
    propertyType: r.property_type,
    listPrice: r.list_price,
    startShowingDate: r.start_showing_date,
    noMarketing: !r.start_showing_date,
    version: r.version,
    exemptionKind: (r.exemption_kind as ExemptionKind) ?? DEFAULT_EXEMPTION_KIND,
    // Only while the agreement still keeps the listing off the MLS: not once sent, cancelled or expired (decision 1050).
    disclosureMissing:
      actionable && isDisclosureMissing({ disclosureDueAt: r.disclosure_due_at, disclosureFiledOn: r.disclosure_filed_on }),
    clearCooperation: clearCooperationOf(r),
    isReadOnly,
    can: {
      edit: !isReadOnly,
      sendToMls: actionable && canSendToMls(viewer),
      cancel: actionable,
      expire: actionable,
      delete: canDelete(scope, r),
    },
  };
}

/** The only way a whole registered listing leaves the server: explicit fields, with what this viewer may do to it. */
export function presentListing(
  r: RegisteredRow,
  viewer: Viewer,
  scope: RegisteredScope,
  today = todayIso(viewer.timeZone),
): RegisteredListing {
  return {
    ...presentListRow(r, viewer, scope, today),
    promotedDate: r.promoted_date,
    cancellationDate: r.cancellation_date,
    registeredYN: r.registered_yn,
    expirationDate: r.expiration_date,
    listingContractDate: r.listing_contract_date,
    unparsedAddress: r.unparsed_address,
    streetNumber: r.street_number,
    streetNumberNumeric: r.street_number_numeric,
    streetDirPrefix: r.street_dir_prefix,
    streetName: r.street_name,
    streetSuffix: r.street_suffix,
    streetSuffixModifier: r.street_suffix_modifier,
    streetDirSuffix: r.street_dir_suffix,
    unitNumber: r.unit_number,
    city: r.city,
    stateOrProvince: r.state_or_province,
    postalCode: r.postal_code,
    postalCodePlus4: r.postal_code_plus4,
    countyOrParish: r.county_or_parish,
    country: r.country,
    subdivisionName: r.subdivision_name,
    subdivisionNameOther: r.subdivision_name_other,
    latitude: r.latitude,
    longitude: r.longitude,
    universalPropertyId: r.universal_property_id,
    listAgentMlsId: r.list_agent_mls_id,
    listAgentName: r.list_agent_name,
    coListAgentMlsId: r.co_list_agent_mls_id,
    coListAgentName: r.co_list_agent_name,
    listTeamKey: r.list_team_key,
    coListTeamKey: r.co_list_team_key,
    offersEmail: r.offers_email,
    photographerMlsId: r.photographer_mls_id,
    officeCode: r.office_code,
    mlsDueDate: r.mls_due_on,
    disclosureDueAt: r.disclosure_due_at ? new Date(r.disclosure_due_at).toISOString() : null,
    disclosure: r.disclosure
      ? {
          fileName: r.disclosure.file_name,
          contentType: r.disclosure.content_type,
          size: r.disclosure.size_bytes,
          uploadedBy: r.disclosure.uploaded_by_name,
          uploadedOn: new Date(r.disclosure.uploaded_on).toISOString(),
        }
      : null,
    createdBy: r.created_by_name,
    createdOn: r.created_on.toISOString(),
    modifiedBy: r.modified_by_name,
    modifiedOn: r.modified_on.toISOString(),
  };
}
