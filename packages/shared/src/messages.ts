/** Every user-facing text of the seeds, written once (typos corrected: see docs/decisions/0002). */
export const MESSAGES = {
  pageNotFound: 'Page not found',
  goBackHome: 'Go back home',
  noMemberData: 'No Member Data',
  routesFailed: 'Routes failed to load.',
  routesFailedAdvice: 'Please refresh the page. If the problem continues, contact support.',
  requestProblem: 'There was a problem with this request',
  loadError: (statusText: string) => `An error has occurred: ${statusText}`,
  passwordResetRequiredTitle: 'Password Reset Required',
  passwordResetRequiredBody: 'Your password must be changed before you can continue. Choose a new password to keep using the portal.',
  changePassword: 'Change Password',
  clickHereToLogin: 'Click Here To Login',
  signInStartFailed: 'Sign-in could not start. Check your connection and try again.',
  welcome: 'Your reinvented dashboard awaits',
  loggedOut: 'You have securely logged out.',
  signInFailed:
    'We could not sign you in with that login ID and password. Check them and try again; after repeated failures sign-in is paused for a while.',
} as const;

export const PUBLIC_QUICK_LINKS = [
  { title: 'Brokers', url: 'https://www.example-mls.org/brokers' },
  { title: 'Compliance', url: 'https://www.example-mls.org/compliance' },
  { title: 'Education', url: 'https://www.example-mls.org/education' },
  { title: 'Knowledgebase', url: 'https://www.example-mls.org/knowledgebase' },
  { title: 'Marketplace', url: 'https://www.example-mls.org/marketplace' },
  { title: 'Support', url: 'https://www.example-mls.org/support' },
] as const;

export const PUBLIC_TILES = [
  { title: 'Market Statistics', text: 'Live figures for your market, computed from MLS listing data.' },
  { title: 'Helpful Articles', text: 'News and guidance from your association, office and MLS.' },
  { title: 'Custom User Applications', text: 'Every application you use, one click away.' },
] as const;
