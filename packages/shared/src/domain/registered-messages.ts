/** Every text of seed 001 (and the admin-side cancel of seed 002), written once. Designed texts: docs/decisions/0201. */
export const REGISTERED_MESSAGES = {
  listTitle: 'Registered Listing Agreements',
  newButton: 'New',
  noResults: 'No Results',
  loading: 'Loading results...',
  doNotMarket: 'DO NOT MARKET',
  listFailed: 'There was a problem retrieving registered listings',
  /** The list's total when more listings match than are counted (docs/decisions/0205). */
  countCapped: (cap: number) => `More than ${cap.toLocaleString('en-US')} listings match: refine the search to narrow them.`,
  searchPlaceholder: 'Search by listing ID or address',
  /** Go to page with a page that does not exist (decision 0967). */
  jumpOutOfRange: (pages: number) => (pages <= 1 ? 'There is only page 1' : `Enter a page from 1 to ${pages.toLocaleString('en-US')}`),
  statusFilterPlaceholder: 'All statuses',
  steps: ['Location', 'Listing Info', 'List/Co-list Agent', 'Confirmation'] as const,
  /** Under a wizard step that still has errors (decision 0967). */
  stepNeedsAttention: 'Needs attention',
  reviewValid: 'Confirm all data is correct before submitting',
  reviewInvalid: 'Please fix validation issues with the input form',
  noMarketingCheckbox: 'no start marketing date, seller instructs broker not to market',
  submitFailed: 'There are problems with your form submission. Please check the values provided and re-submit.',
  saveFailedTitle: 'Save Failed!',
  sendFailed: "We're sorry, but we were unable to send your listing to the MLS. Please try again later.",
  sent: (mlsId: string) =>
    `Your listing is now in the MLS as listing ${mlsId}. You will find it with your incomplete listings, where you can complete it.`,
  created: (listingId: string) => `Registered listing ${listingId} was created.`,
  createdTitle: 'Registered listing created',
  updated: 'Registered listing updated.',
  cancelled: 'Registered listing cancelled.',
  deleted: 'Registered listing deleted.',
  expired: 'Registered listing expired.',
  cancellationRequired: 'Cancellation date is required.',
  cancellationAfterToday: (today: string) => `Cancellation must be prior to ${today}`,
  cancellationBeforeContract: (contractDate: string) => `Cancellation cannot be before the contract date ${contractDate}`,
  invalidPropertyType: 'Invalid property type',
  conflict:
    'Someone else saved this listing after you opened it. Your changes were not saved and are still in the form: reload the listing in another tab, compare, and save again.',
  notVisible: 'The registered listing was not found.',
  /** Decision 0956. */
  searching: 'Searching',
  assistantsMayNotRegister: 'Assistants may not register listings: ask the agent you assist to register it.',
  readOnlyOnSave: (days: number) =>
    `This expiration date is more than ${days} days past: once saved, the listing will be read-only and cannot be changed.`,
  readOnly: 'This listing is read-only and can no longer be changed.',
  cannotSendToMls: 'Send to MLS is not available for your MLS.',
  alreadySent: 'This listing has already been sent to the MLS.',
  cannotDelete:
    'Only the list agent, the office broker or manager, or association and MLS staff may delete a listing that was never sent to the MLS.',
  listAgentNotFound: 'No active member has this MLS ID.',
  coListAgentNotFound: 'No active member has this MLS ID.',
  listAgentOutOfReach: 'You may register listings only for yourself or for agents of an office you manage.',
  confirmSendTitle: 'Send to MLS',
  confirmSendBody: 'This sends the listing to the MLS as an incomplete listing. This cannot be undone. Send it now?',
  confirmCancelTitle: 'Cancel registered listing',
  confirmCancelBody: 'A cancelled listing can no longer be edited. Enter the cancellation date.',
  confirmDeleteTitle: 'Delete registered listing',
  confirmDeleteBody: 'The listing will be removed from every list. Delete it?',
  readOnlyNotice: 'This listing can no longer be edited.',
} as const;

/** Labels of the form fields; required messages read '{label} is required'. */
export const REGISTERED_LABELS = {
  listingId: 'Listing ID',
  propertyType: 'Property Type',
  listPrice: 'List Price',
  expirationDate: 'Expiration Date',
  listingContractDate: 'Listing Contract Date',
  startShowingDate: 'Start Marketing Date',
  noMarketing: 'No Start Marketing',
  streetNumber: 'Street Number',
  streetDirPrefix: 'Street Direction Prefix',
  streetName: 'Street Name',
  streetSuffix: 'Street Suffix',
  streetDirSuffix: 'Street Direction Suffix',
  unitNumber: 'Unit Number',
  city: 'City',
  stateOrProvince: 'State',
  postalCode: 'Zip Code',
  postalCodePlus4: 'Zip+4',
  countyOrParish: 'County',
  country: 'Country',
  subdivisionName: 'Subdivision',
  unparsedAddress: 'Full Address',
  universalPropertyId: 'Universal Property ID',
  latitude: 'Latitude',
  longitude: 'Longitude',
  listAgentMlsId: 'List Agent',
  coListAgentMlsId: 'Co-list Agent',
  listTeamKey: 'List Team Key',
  coListTeamKey: 'Co-list Team Key',
  offersEmail: 'Offers Email',
  cancellationDate: 'Cancellation Date',
} as const;

export const requiredMessage = (label: string) => `${label} is required`;
export const enterHint = (label: string) => `Enter ${label}`;

export const REGISTERED_VALIDATION = {
  listPriceRequired: 'List Price is required',
  listPriceMin: 'Minimum List Price is $1',
  contractDateRequired: 'Listing Contract Date is required',
  contractDateFuture: "Contract date must be on or before today's date",
  expirationAfterContract: 'Expiration Date must be at least one day after Listing Contract Date.',
  expirationAfterStart: 'Expiration Date must be after Start Marketing Date.',
  startAfterContract: 'Start Marketing Date must be after Listing Contract Date.',
  startOrNoMarketing: 'Start Marketing Date (or No Start Marketing checkbox) required.',
  emailInvalid: 'Enter a valid email address',
  dateInvalid: 'Enter a valid date',
} as const;
