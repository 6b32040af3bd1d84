/** Demo values of the settings catalogue and the connected applications (docs/decisions/0300, 0302). */
/** Values above the MLS default, so that inheritance and locks show in the demo. */
export const DEMO_ASSOCIATION_VALUES: Array<[aor: string, type: string, value: string]> = [
  ['OC', 'Syndicate listings to Homes.com', '0'],
  ['SB', 'Display my listings on VOW sites', '99'],
];

export const DEMO_OFFICE_VALUES: Array<[office: string, type: string, value: string]> = [
  ['OC100', 'Syndicate listings to Zillow and Trulia', '99'],
  ['OC100', 'Primary contact on new listings', '99'],
  ['OC100', 'Default showing instructions for new listings', '4'],
  ['OC101', 'Notify me of showing requests', '1'],
  ['OC200', 'Signature on e-mails sent from the portal', '2'],
];

/** Member values, each written by someone: [member, type, value, changed by]. */
export const DEMO_MEMBER_VALUES: Array<[login: string, type: string, value: string, by: string]> = [
  ['agent', 'Signature on client listing alerts', '3', 'agent'],
  ['agent', 'Display my listings on VOW sites', '0', 'broker'],
  ['manager', 'Notify me of showing feedback', '0', 'manager'],
];

/** The connected applications (seed 000 section 2) and the level that may switch them without an admin flag. */
export const CONNECTED_APPS: Array<{ short: string; name: string; url: string; hover: string; accessLevel: number }> = [
  { short: 'FLEXMLS', name: 'Flexmls', url: 'https://flexmls.example-mls.org/', hover: 'MLS search and listing input', accessLevel: 5 },
  { short: 'GLIDE', name: 'Glide', url: 'https://glide.example-mls.org/', hover: 'Transaction forms and disclosures', accessLevel: 3 },
  { short: 'LIONDESK', name: 'LionDesk', url: 'https://liondesk.example-mls.org/', hover: 'Client relationship manager', accessLevel: 3 },
  {
    short: 'TOPPRODUCER',
    name: 'Top Producer',
    url: 'https://topproducer.example-mls.org/',
    hover: 'Contact and lead manager',
    accessLevel: 3,
  },
  {
    short: 'CLOUDCMA',
    name: 'Cloud CMA',
    url: 'https://cloudcma.example-mls.org/',
    hover: 'Comparative market analysis reports',
    accessLevel: 3,
  },
  {
    short: 'SHOWINGTIME',
    name: 'ShowingTime',
    url: 'https://showingtime.example-mls.org/',
    hover: 'Showing scheduling and feedback',
    accessLevel: 4,
  },
  { short: 'BOXMLS', name: 'BoxMLS', url: 'https://boxmls.example-mls.org/', hover: 'Listing document storage', accessLevel: 0 },
];

export const DEMO_OFFICE_APP_CHOICES: Array<[office: string, app: string, accessControl: 0 | 1]> = [
  ['OC200', 'LIONDESK', 0],
  ['OC300', 'TOPPRODUCER', 1],
];
