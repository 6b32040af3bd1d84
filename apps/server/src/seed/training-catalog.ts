/** The Training demo catalogue (seed 002): subjects with topics, instructors, locations and twenty classes. */

export const SUBJECTS: Array<{
  name: string;
  topics: Array<[name: string, description: string, attachment: string | null, video: string | null]>;
}> = [
  {
    name: 'MLS Essentials',
    topics: [
      [
        'Portal Navigation',
        'Find your way around the member portal, its dashboard and settings.',
        '/training/portal-quick-start.pdf',
        null,
      ],
      ['Listing Input', 'Enter a complete, compliant listing the first time.', '/training/listing-input-checklist.txt', null],
      [
        'Search and Saved Searches',
        'Build searches, save them and set up client alerts.',
        null,
        'https://www.example-mls.org/videos/search',
      ],
    ],
  },
  {
    name: 'Compliance',
    topics: [
      ['Fair Housing in Listing Remarks', 'What remarks may and may not say, with examples.', '/training/fair-housing-examples.csv', null],
      ['MLS Rules and Citations', 'The rules that are cited most often and how to avoid them.', '/training/rules-summary.pdf', null],
    ],
  },
  {
    name: 'Business Tools',
    topics: [
      ['Market Statistics for Clients', 'Turn market statistics into a client-ready report.', '/training/market-report-sample.png', null],
      ['Contracts and Disclosures', 'The forms of a residential sale, step by step.', '/training/disclosure-timeline.pdf', null],
      ['Showing Scheduling', 'Set up showings, feedback and lockbox access.', null, 'https://www.example-mls.org/videos/showings'],
    ],
  },
];

export const INSTRUCTORS: Array<[name: string, photo: string | null, color: string, notes: string]> = [
  ['Dana Whitfield', '/training/instructor-dana.svg', '#1864ab', 'Twenty years of MLS support; bring your login ID.'],
  ['Marcus Bell', null, '#1e6b30', 'Broker and compliance trainer.'],
  ['Elena Ortiz', '/training/instructor-elena.svg', '#862e9c', 'Data and market statistics specialist.'],
  ['Samuel Cho', null, '#a33a0c', 'Forms and transactions coach.'],
];

export const LOCATIONS: Array<[name: string, address: string]> = [
  ['Orange Coast Association Training Center', '2855 Michelle Dr, Irvine, CA 92606'],
  ['Anaheim Member Services Office', '1500 S Harbor Blvd, Anaheim, CA 92802'],
  ['Riverside Education Room', '3900 Market St, Riverside, CA 92501'],
  // No ZIP and no known address: the Location tab falls back to the Southern California map.
  ['Pop-up Classroom', 'Community Hall, Main Street'],
];

export interface DemoClass {
  name: string;
  days: number;
  hour: number;
  hours: number;
  topics: string[];
  instructor: number;
  location: number | null;
  capacity: number;
  aor?: string;
  image?: string;
}

export const CLASSES: DemoClass[] = [
  // After the Week view's hours (decision 0969): the view widens to show it and says so.
  {
    name: 'Evening Contracts Q&A',
    days: 1,
    hour: 18,
    hours: 1,
    topics: ['Contracts and Disclosures'],
    instructor: 2,
    location: null,
    capacity: 40,
  },
  {
    name: 'Portal Basics for New Members',
    days: -27,
    hour: 9,
    hours: 2,
    topics: ['Portal Navigation'],
    instructor: 0,
    location: 0,
    capacity: 30,
  },
  {
    name: 'Fair Housing Refresher',
    days: -23,
    hour: 13,
    hours: 2,
    topics: ['Fair Housing in Listing Remarks'],
    instructor: 1,
    location: null,
    capacity: 100,
  },
  { name: 'Listing Input Workshop', days: -19, hour: 10, hours: 3, topics: ['Listing Input'], instructor: 0, location: 1, capacity: 20 },
  {
    name: 'Market Statistics Deep Dive',
    days: -14,
    hour: 14,
    hours: 2,
    topics: ['Market Statistics for Clients'],
    instructor: 2,
    location: null,
    capacity: 60,
  },
  {
    name: 'MLS Rules Roundtable',
    days: -9,
    hour: 9,
    hours: 2,
    topics: ['MLS Rules and Citations'],
    instructor: 1,
    location: 2,
    capacity: 25,
  },
  {
    name: 'Showing Scheduling Basics',
    days: -5,
    hour: 11,
    hours: 1,
    topics: ['Showing Scheduling'],
    instructor: 3,
    location: null,
    capacity: 80,
  },
  {
    name: 'Search and Alerts Clinic',
    days: -3,
    hour: 13,
    hours: 2,
    topics: ['Search and Saved Searches'],
    instructor: 0,
    location: 0,
    capacity: 25,
  },
  {
    name: 'MLS Portal Essentials',
    days: 3,
    hour: 10,
    hours: 2,
    topics: ['Portal Navigation', 'Search and Saved Searches'],
    instructor: 0,
    location: 0,
    capacity: 24,
    image: '/training/class-portal.svg',
  },
  {
    name: 'Contract Essentials Workshop',
    days: 6,
    hour: 13,
    hours: 3,
    topics: ['Contracts and Disclosures'],
    instructor: 3,
    location: 1,
    capacity: 3,
  },
  {
    name: 'Fair Housing Remarks Review',
    days: 9,
    hour: 9,
    hours: 2,
    topics: ['Fair Housing in Listing Remarks', 'MLS Rules and Citations'],
    instructor: 1,
    location: null,
    capacity: 150,
  },
  {
    name: 'Orange Coast Member Orientation',
    days: 12,
    hour: 9,
    hours: 3,
    topics: ['Portal Navigation'],
    instructor: 0,
    location: 0,
    capacity: 40,
    aor: 'OC',
  },
  {
    name: 'Client Market Reports',
    days: 16,
    hour: 14,
    hours: 2,
    topics: ['Market Statistics for Clients'],
    instructor: 2,
    location: 2,
    capacity: 20,
    image: '/training/class-market.svg',
  },
  { name: 'Listing Input Lab', days: 20, hour: 10, hours: 2, topics: ['Listing Input'], instructor: 0, location: 3, capacity: 12 },
  {
    name: 'South Bay Forms Update',
    days: 23,
    hour: 13,
    hours: 2,
    topics: ['Contracts and Disclosures'],
    instructor: 3,
    location: null,
    capacity: 50,
    aor: 'SB',
  },
  {
    name: 'Showing Feedback That Sells',
    days: 27,
    hour: 11,
    hours: 1,
    topics: ['Showing Scheduling'],
    instructor: 3,
    location: null,
    capacity: 90,
  },
  {
    name: 'Saved Searches Masterclass',
    days: 33,
    hour: 9,
    hours: 2,
    topics: ['Search and Saved Searches'],
    instructor: 0,
    location: 1,
    capacity: 30,
  },
  {
    name: 'Citations: How to Avoid Them',
    days: 39,
    hour: 14,
    hours: 2,
    topics: ['MLS Rules and Citations'],
    instructor: 1,
    location: 0,
    capacity: 35,
  },
  {
    name: 'Disclosure Timelines',
    days: 45,
    hour: 10,
    hours: 3,
    topics: ['Contracts and Disclosures'],
    instructor: 3,
    location: 2,
    capacity: 18,
  },
  {
    name: 'Statistics for Listing Presentations',
    days: 51,
    hour: 13,
    hours: 2,
    topics: ['Market Statistics for Clients'],
    instructor: 2,
    location: null,
    capacity: 75,
  },
  { name: 'New Member Portal Tour', days: 57, hour: 9, hours: 2, topics: ['Portal Navigation'], instructor: 0, location: 0, capacity: 30 },
];
