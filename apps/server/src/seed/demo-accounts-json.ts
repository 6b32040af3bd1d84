import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

/** The machine-readable list written to docs/demo-accounts.json (`npm run seed -- --write-demo-accounts`). */
export function demoAccountsJson() {
  return {
    password: DEMO_PASSWORD,
    signInAt: 'http://localhost:3000/ (Click Here To Login)',
    accounts: DEMO_ACCOUNTS.map((a) => ({ loginId: a.loginId, password: DEMO_PASSWORD, role: a.role, shows: a.shows })),
  };
}
