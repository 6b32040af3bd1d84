import type { DisclosureRow } from './disclosure-repository';

/** A registered listing as the repository reads it: its columns and the names joined to them. */
export interface RegisteredRow {
  id: number;
  listing_id: string;
  standard_status: string;
  registered_status: string | null;
  registered_yn: boolean;
  promoted_mls_id: string | null;
  promoted_date: string | null;
  expiration_date: string;
  cancellation_date: string | null;
  listing_contract_date: string;
  start_showing_date: string | null;
  property_type: string;
  list_price: number;
  unparsed_address: string;
  street_number: string;
  street_number_numeric: number | null;
  street_dir_prefix: string | null;
  street_name: string;
  street_suffix: string | null;
  street_suffix_modifier: string | null;
  street_dir_suffix: string | null;
  unit_number: string | null;
  city: string;
  state_or_province: string;
  postal_code: string;
  postal_code_plus4: string | null;
  county_or_parish: string;
  country: string;
  subdivision_name: string | null;
  subdivision_name_other: string | null;
  latitude: number | null;
  longitude: number | null;
  universal_property_id: string | null;
  list_agent_mls_id: string;
  list_agent_member_id: number;
  co_list_agent_mls_id: string | null;
  co_list_agent_member_id: number | null;
  list_team_key: string | null;
  co_list_team_key: string | null;
  offers_email: string | null;
  photographer_mls_id: string | null;
  office_id: number;
  aor_id: number | null;
  version: number;
  exemption_kind: string;
  mls_due_on: string | null;
  disclosure_due_at: Date | null;
  disclosure_filed_on: Date | null;
  /** What the Clear Cooperation watch stored (decision 1080). */
  mls_listing_key: string | null;
  mls_deadline_on: string | null;
  mls_deadline_at: Date | null;
  mls_due_soon_at: Date | null;
  mls_alerted_on: Date | null;
  mls_case_id: number | null;
  /** The latest seller disclosure (decision 1050). */
  disclosure: DisclosureRow | null;
  created_on: Date;
  modified_on: Date;
  office_code: string | null;
  list_agent_name: string | null;
  co_list_agent_name: string | null;
  created_by_name: string | null;
  modified_by_name: string | null;
}
