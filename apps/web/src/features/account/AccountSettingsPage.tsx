import { Tabs } from '@mantine/core';
import { slugify } from '@portico/shared';
import { PageTitle } from '../../ui/PageTitle';
import { SessionsPanel } from '../member-sessions/index';
import { useRefreshFactorStanding } from '../second-factor-policy/index';
import { ManageAuthentications } from '../second-factors/index';
import { SecurityActivityPanel } from '../security-activity/index';
import { useUrlTab } from '../settings/index';
import { PasswordChangeForm } from './PasswordChangeForm';

export const ACCOUNT_SETTINGS_TABS = ['Change Password', 'Manage Authentications', 'Sessions', 'Security Activity'];

/** /account-settings and /account-settings/{urlTab}: User Settings, its tab in the URL as on /settings. */
export function AccountSettingsPage() {
  const [active, selectTab] = useUrlTab('account-settings', ACCOUNT_SETTINGS_TABS);
  const refreshFactorStanding = useRefreshFactorStanding();
  return (
    <>
      <PageTitle title="User Settings" />
      <Tabs
        value={slugify(active)}
        onChange={(slug) => slug && slug !== slugify(active) && selectTab(ACCOUNT_SETTINGS_TABS.find((t) => slugify(t) === slug) ?? active)}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {ACCOUNT_SETTINGS_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={slugify(tab)}>
              {tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={slugify(ACCOUNT_SETTINGS_TABS[0])}>
          <PasswordChangeForm />
        </Tabs.Panel>
        <Tabs.Panel value={slugify(ACCOUNT_SETTINGS_TABS[1])}>
          <ManageAuthentications onFactorsChanged={refreshFactorStanding} />
        </Tabs.Panel>
        <Tabs.Panel value={slugify(ACCOUNT_SETTINGS_TABS[2])}>
          <SessionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value={slugify(ACCOUNT_SETTINGS_TABS[3])}>
          <SecurityActivityPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
