import { CONSUMER_SETTINGS } from './settings-catalog-consumer';
import { NOTIFICATION_CHANNELS, WORKFLOW_SETTINGS } from './settings-catalog-workflow';

/** The demo MLS's settings catalogue: what brokers, associations and the MLS govern (docs/decisions/0300). */
export interface CatalogGroup {
  name: string;
  description: string;
  inputType: 'Radio' | 'Select' | 'Toggle';
  values: Array<[short: string, long: string]>;
  types: Array<{ name: string; description: string; accessLevel: number; defaultAllow: boolean; defaultValue: string }>;
}

export const INPUT_TYPES = [
  ['Radio', 'One choice among a few, all shown'],
  ['Select', 'One choice from a list'],
  ['Toggle', 'On or off'],
] as const;

export const SETTINGS_CATALOG: CatalogGroup[] = [
  {
    name: 'Listing Syndication',
    description: 'Whether your listings are sent to public real estate portals.',
    inputType: 'Radio',
    values: [
      ['1', 'Yes, syndicate'],
      ['0', 'No, do not syndicate'],
      ['99', 'No - office policy (locked for the office)'],
    ],
    types: [
      {
        name: 'Syndicate listings to Zillow and Trulia',
        description: 'Send active listings to Zillow Group portals.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Syndicate listings to Realtor.com',
        description: 'Send active listings to Realtor.com.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Syndicate listings to Homes.com',
        description: 'Send active listings to Homes.com.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Show listing agent contact on portals',
        description: 'Portals show you, not a lead form, as the contact.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
    ],
  },
  {
    name: 'IDX and VOW Participation',
    description: "Display of your listings on other brokers' IDX and VOW websites.",
    inputType: 'Radio',
    values: [
      ['1', 'Participate'],
      ['0', 'Do not participate'],
      ['99', 'Do not participate - office policy (locked)'],
    ],
    types: [
      {
        name: "Display my listings on other brokers' IDX sites",
        description: 'Internet Data Exchange display of your listings.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Display my listings on VOW sites',
        description: 'Virtual Office Website display to registered consumers.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Allow automated valuations next to my listings',
        description: 'IDX sites may show an AVM estimate beside the listing.',
        accessLevel: 2,
        defaultAllow: true,
        defaultValue: '0',
      },
      {
        name: 'Allow consumer comments on my listings',
        description: 'IDX and VOW sites may show consumer comments or reviews.',
        accessLevel: 2,
        defaultAllow: false,
        defaultValue: '0',
      },
    ],
  },
  {
    name: 'Showing Service Defaults',
    description: 'How showings of new listings are scheduled unless the listing says otherwise.',
    inputType: 'Select',
    values: [
      ['1', 'Go and show'],
      ['2', 'Appointment required - confirm with listing agent'],
      ['3', 'Appointment required - confirm with owner'],
      ['4', 'Courtesy call, then show'],
      ['99', 'Office showing desk schedules every showing (locked)'],
    ],
    types: [
      {
        name: 'Default showing instructions for new listings',
        description: 'Pre-filled on the showing service for each new listing.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '2',
      },
      {
        name: 'Showing instructions for vacant listings',
        description: 'Used when the listing is marked vacant.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
    ],
  },
  {
    name: 'Showing Notifications',
    description: 'How the showing service tells you about requests and feedback.',
    inputType: 'Select',
    values: NOTIFICATION_CHANNELS,
    types: [
      {
        name: 'Notify me of showing requests',
        description: 'New, changed and cancelled showing appointments.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '3',
      },
      {
        name: 'Notify me of showing feedback',
        description: 'Feedback left by showing agents.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '2',
      },
    ],
  },
  {
    name: 'Listing Input Defaults',
    description: 'Values pre-filled when a new listing is entered.',
    inputType: 'Select',
    values: [
      ['1', 'Listing agent'],
      ['2', 'Co-listing agent'],
      ['3', 'Office'],
      ['99', 'Office (locked by the broker)'],
    ],
    types: [
      {
        name: 'Primary contact on new listings',
        description: 'Who buyers’ agents contact first.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Contact for offer submission',
        description: 'Who receives offers on your listings.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
    ],
  },
  {
    name: 'Listing Input Options',
    description: 'Help and checks while entering listings.',
    inputType: 'Toggle',
    values: [
      ['1', 'On'],
      ['0', 'Off'],
    ],
    types: [
      {
        name: 'Copy remarks when relisting',
        description: 'A relisted property starts with the previous public remarks.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Auto-fill tax data from public records',
        description: 'Parcel, lot size and year built from the tax roll.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Require office photo review before Active',
        description: 'A listing waits for office review of its photos.',
        accessLevel: 3,
        defaultAllow: true,
        defaultValue: '0',
      },
    ],
  },
  {
    name: 'E-mail Signature',
    description: 'The signature added to e-mails the portal sends for you.',
    inputType: 'Radio',
    values: [
      ['1', 'Photo, name, license number and office'],
      ['2', 'Name, license number and office (text only)'],
      ['3', 'No signature'],
      ['99', 'Office signature only (locked)'],
    ],
    types: [
      {
        name: 'Signature on e-mails sent from the portal',
        description: 'Messages to clients and agents.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Signature on client listing alerts',
        description: 'Automatic new-listing e-mails to your clients.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '2',
      },
    ],
  },
  ...CONSUMER_SETTINGS,
  ...WORKFLOW_SETTINGS,
];
