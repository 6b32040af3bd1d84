import type { CatalogGroup } from './settings-catalog';

/** How a member is told of something: the values of every notification group. */
export const NOTIFICATION_CHANNELS: CatalogGroup['values'] = [
  ['1', 'Text message'],
  ['2', 'E-mail'],
  ['3', 'Text message and e-mail'],
  ['0', 'No notifications'],
];

/**
 * Settings of a member's own work in the MLS: listing notifications, photo handling, the connected applications'
 * data exchange and market statistics (docs/decisions/0300).
 */
export const WORKFLOW_SETTINGS: CatalogGroup[] = [
  {
    name: 'Listing Notifications',
    description: 'How the MLS tells you about your listings and your compliance.',
    inputType: 'Select',
    values: NOTIFICATION_CHANNELS,
    types: [
      {
        name: 'Notify me before my listings expire',
        description: 'Seven days and one day before.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '2',
      },
      {
        name: 'Notify me of status changes on my listings',
        description: 'Changes made by your office or the MLS.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '2',
      },
      {
        name: 'Notify me of photo problems on my listings',
        description: 'Photos held for review or removed.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '2',
      },
      {
        name: 'Notify me of MLS rule violations',
        description: 'Notices and fines of the compliance team.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '3',
      },
      {
        name: 'Notify me of offers submitted through the MLS',
        description: 'Offers on your listings.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '3',
      },
      {
        name: 'Notify me of new listings in my farm area',
        description: 'The area of your profile.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '2',
      },
      {
        name: 'Notify me of new members joining my office',
        description: 'For office managers and brokers.',
        accessLevel: 2,
        defaultAllow: true,
        defaultValue: '2',
      },
    ],
  },
  {
    name: 'Listing Photo Options',
    description: 'What happens to photos when you upload them.',
    inputType: 'Toggle',
    values: [
      ['1', 'On'],
      ['0', 'Off'],
    ],
    types: [
      {
        name: 'Resize photos to the MLS standard on upload',
        description: 'Large photos are scaled down.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Keep the original photo files',
        description: 'Originals stay available for download.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Suggest photo captions from the room type',
        description: 'Captions you can accept or change.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '0',
      },
      {
        name: 'Watermark listing photos with the office name',
        description: 'On every photo sent to portals.',
        accessLevel: 3,
        defaultAllow: true,
        defaultValue: '0',
      },
    ],
  },
  {
    name: 'Connected Application Data',
    description: 'What the MLS shares with the applications you use.',
    inputType: 'Toggle',
    values: [
      ['1', 'On'],
      ['0', 'Off'],
    ],
    types: [
      {
        name: 'Start a Glide transaction for each new listing',
        description: 'Forms pre-filled from the listing.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '0',
      },
      {
        name: 'Send new contacts to LionDesk',
        description: 'Leads from portals and open houses.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '0',
      },
      {
        name: 'Copy my listings to Top Producer',
        description: 'Listings appear in your contact manager.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '0',
      },
      {
        name: 'Attach a Cloud CMA report to price reductions',
        description: 'Sent to the seller with the change.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '0',
      },
      {
        name: 'Send showing feedback to my CRM',
        description: 'ShowingTime feedback becomes a note.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '0',
      },
    ],
  },
  {
    name: 'Market Statistics',
    description: 'The area your statistics and reports cover.',
    inputType: 'Select',
    values: [
      ['1', 'My association’s area'],
      ['2', 'The cities of my office'],
      ['3', 'The whole MLS'],
    ],
    types: [
      {
        name: 'Area of the market statistics on my dashboard',
        description: 'The charts on the dashboard.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '1',
      },
      {
        name: 'Area of my monthly market report e-mail',
        description: 'Sent on the first of each month.',
        accessLevel: 1,
        defaultAllow: true,
        defaultValue: '2',
      },
    ],
  },
];
