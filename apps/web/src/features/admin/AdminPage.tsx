import { Badge, Tabs } from '@mantine/core';
import { ADMIN_MESSAGES, adminCenterTitle } from '@portico/shared';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { useMember } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { PageTitle } from '../../ui/PageTitle';
import { useUrlTab } from '../settings/index';
import { useAdminProfile } from './api';
import { ADMIN_TABS, type AdminTabContext } from './tabs';

/** /admin and /admin/{urlTab}/{id}: the Broker Center (brokers) or AOR Center (association and MLS staff). */
export function AdminPage() {
  const { viewer, profile } = useMember();
  const admin = useAdminProfile();
  return (
    <>
      <PageTitle title={adminCenterTitle(viewer)} />
      {admin.error ? (
        <ErrorPanel title={ADMIN_MESSAGES.loadFailed} message={admin.error.message} />
      ) : admin.data ? (
        <AdminTabs context={{ viewer, profile, admin: admin.data }} />
      ) : (
        <LoadingBlock label="Loading your admin profile" />
      )}
    </>
  );
}

function AdminTabs({ context }: { context: AdminTabContext }) {
  const { id } = useParams();
  const tabs = ADMIN_TABS.filter((t) => t.visible(context));
  const [active, selectTab] = useUrlTab(
    'admin',
    tabs.map((t) => t.label),
  );
  const current = tabs.find((t) => t.label === active) ?? tabs[0];
  return (
    <Tabs
      value={current?.slug ?? null}
      onChange={(slug) => {
        const next = tabs.find((t) => t.slug === slug);
        if (next && next !== current) selectTab(next.label);
      }}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.slug}
            value={tab.slug}
            rightSection={
              tab.badge ? (
                <Badge color="red" size="sm" variant="filled">
                  {tab.badge}
                </Badge>
              ) : undefined
            }
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.slug} value={tab.slug}>
          <Suspense fallback={<LoadingBlock label={`Loading ${tab.label}`} />}>
            <tab.Panel context={context} id={tab === current ? id : undefined} />
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
