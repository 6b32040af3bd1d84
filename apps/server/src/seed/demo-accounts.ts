/** The demo sign-ins; docs/demo-accounts.json is checked against this list by a test. */
export const DEMO_PASSWORD = 'Portico#2026';

export interface DemoAccount {
  loginId: string;
  role: string;
  shows: string;
  member: null | {
    firstName: string;
    lastName: string;
    userClass: string;
    officeCode: string;
    aor: string;
    system: string;
    isCrmlsAdmin?: boolean;
    isCrmlsAorAdmin?: boolean;
    isCrmlsOfficeAdmin?: boolean;
    requiredPasswordUpdate?: boolean;
    assistantTo?: string;
    /** Has not accepted the EULA: seeded last, with these fixed values (seed/eula.ts). */
    eulaPending?: { stateLicense: string; phone: string };
  };
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    loginId: 'agent',
    role: 'Agent',
    shows: 'An agent in a branch office of Orange Coast (CRM): the member dashboard, registered listings, settings.',
    member: { firstName: 'Alicia', lastName: 'Navarro', userClass: 'AG', officeCode: 'OC101', aor: 'OC', system: 'CRM' },
  },
  {
    loginId: 'broker',
    role: 'Broker (office admin)',
    shows: 'Broker of the main office OC100: office-scoped content, office settings, acting on behalf of agents.',
    member: {
      firstName: 'Brandon',
      lastName: 'Okafor',
      userClass: 'CB',
      officeCode: 'OC100',
      aor: 'OC',
      system: 'CRM',
      isCrmlsOfficeAdmin: true,
    },
  },
  {
    loginId: 'manager',
    role: 'Office Manager',
    shows: 'Manager of branch OC101 (level 2): Member and Office Settings tabs.',
    member: { firstName: 'Monica', lastName: 'Reyes', userClass: 'OM', officeCode: 'OC101', aor: 'OC', system: 'CRM' },
  },
  {
    loginId: 'officeassistant',
    role: 'Office Assistant',
    shows: 'Assistant in the main office OC100 (level 3).',
    member: { firstName: 'Oscar', lastName: 'Lindqvist', userClass: 'OA', officeCode: 'OC100', aor: 'OC', system: 'CRM' },
  },
  {
    loginId: 'assistant',
    role: 'Personal Assistant',
    shows: "Personal assistant to the demo agent: sees the portal but not the agent's registered listings.",
    member: { firstName: 'Priya', lastName: 'Desai', userClass: 'PA', officeCode: 'OC101', aor: 'OC', system: 'CRM', assistantTo: 'agent' },
  },
  {
    loginId: 'aorstaff',
    role: 'Association staff (AOR admin)',
    shows: 'Staff of the Orange Coast association with AOR admin: AOR Center, association-wide settings and application access.',
    member: {
      firstName: 'Grace',
      lastName: 'Whitfield',
      userClass: 'BANGM',
      officeCode: 'OC900',
      aor: 'OC',
      system: 'CRM',
      isCrmlsAorAdmin: true,
    },
  },
  {
    loginId: 'mlsstaff',
    role: 'MLS staff (MLS admin)',
    shows: 'MLS-wide admin: every association, the Profile menu, all settings levels.',
    member: {
      firstName: 'Marcus',
      lastName: 'Bell',
      userClass: 'BANGP',
      officeCode: 'MLS000',
      aor: 'OC',
      system: 'CRM',
      isCrmlsAdmin: true,
    },
  },
  {
    loginId: 'swlar',
    role: 'Agent of SWLAR',
    shows: 'A member of the SWLAR originating system: no Feedback tab, no Market Statistics, the SWLAR footer.',
    member: { firstName: 'Sabine', lastName: 'Thibodeaux', userClass: 'AG', officeCode: 'SB100', aor: 'SB', system: 'SWLAR' },
  },
  {
    loginId: 'resetme',
    role: 'Agent who must change their password',
    shows: "The 'Password Reset Required' modal blocks the app until the password is changed.",
    member: {
      firstName: 'Rafael',
      lastName: 'Ito',
      userClass: 'AG',
      officeCode: 'OC100',
      aor: 'OC',
      system: 'CRM',
      requiredPasswordUpdate: true,
    },
  },
  {
    loginId: 'neweula',
    role: 'Agent who has not accepted the EULA',
    shows: 'The End User License Agreement comes before anything else: type your name to accept it, or decline and be signed out.',
    member: {
      firstName: 'Nadia',
      lastName: 'Kowalczyk',
      userClass: 'AG',
      officeCode: 'OC101',
      aor: 'OC',
      system: 'CRM',
      eulaPending: { stateLicense: '01987654', phone: '(714) 555-0142' },
    },
  },
  {
    loginId: 'nomember',
    role: 'Sign-in with no member data',
    shows: "A valid sign-in that has no member record: the 'No Member Data' page.",
    member: null,
  },
];
