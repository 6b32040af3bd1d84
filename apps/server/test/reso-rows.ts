import type { ResoRow } from './reso-server';

/** RESO rows for the feed's tests: an office, a member, a listing, with the Data Dictionary's names. */
export const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

export function office(key: string, minute: number, over: ResoRow = {}): ResoRow {
  return {
    OfficeKey: key,
    OfficeMlsId: `O${key}`,
    OfficeName: `Office ${key}`,
    OfficePhone: '555-0100',
    OfficeCity: 'Riverside',
    MainOfficeMlsId: null,
    OfficeAOR: 'FEEDAOR',
    OfficeStatus: 'Active',
    OriginatingSystemName: 'CRM',
    ModificationTimestamp: at(minute),
    ...over,
  };
}

export function member(key: string, minute: number, over: ResoRow = {}): ResoRow {
  return {
    MemberKey: key,
    MemberMlsId: `MLS${key}`,
    MemberLoginId: `feed_${key.toLowerCase()}`,
    MemberFirstName: 'Pat',
    MemberLastName: `Member${key}`,
    MemberFullName: null,
    MemberEmail: `${key.toLowerCase()}@feed.example`,
    MemberPreferredPhone: '555-0101',
    MemberStateLicense: `LIC${key}`,
    MemberType: 'Agent',
    MemberMlsSecurityClass: null,
    MemberStatus: 'Active',
    OfficeKey: 'OF1',
    OfficeMlsId: 'OOF1',
    MemberAOR: 'FEEDAOR',
    OriginatingSystemName: 'CRM',
    ModificationTimestamp: at(minute),
    ...over,
  };
}

export function listing(key: string, minute: number, over: ResoRow = {}): ResoRow {
  return {
    ListingKey: key,
    ListingId: `FEED${key}`,
    StandardStatus: 'Active',
    PropertyType: 'Residential',
    ListPrice: 500000,
    ClosePrice: null,
    ListingContractDate: '2026-01-01',
    OnMarketDate: '2026-01-02',
    City: 'Riverside',
    StateOrProvince: 'CA',
    PostalCode: '92501',
    ListAgentKey: 'M01',
    ListOfficeKey: 'OF1',
    PublicRemarks: 'Bright and quiet.',
    DaysOnMarket: 3,
    ModificationTimestamp: at(minute),
    ...over,
  };
}

export function media(key: string, listingKey: string, minute: number, over: ResoRow = {}): ResoRow {
  return {
    MediaKey: key,
    ResourceName: 'Property',
    ResourceRecordKey: listingKey,
    MediaURL: `https://photos.example-mls.org/${listingKey}/${key}.jpg`,
    MediaCategory: 'Photo',
    Order: 1,
    ModificationTimestamp: at(minute),
    ...over,
  };
}
