import { Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { type AudienceIndexEntry, type OfficeSummary, SETTING_LEVEL, SETTINGS_MESSAGES, slugify } from '@portico/shared';
import { useState } from 'react';
import { useMember } from '../../../core/member';
import { PageTitle } from '../../../ui/PageTitle';
import { lookupAgent } from '../api';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import { useUrlTab } from '../hooks/useUrlTab';
import { AgentSearch } from './AgentSearch';
import { AssociationPicker } from './AssociationPicker';
import { LeaveModal } from './LeaveModal';
import { OfficePicker } from './OfficePicker';
import { SettingsForm } from './SettingsForm';

const { memberSettingsTab, officeSettingsTab, associationSettingsTab } = SETTINGS_MESSAGES;

/**
 * /settings and /settings/{urlTab}: member settings, office settings from level 2, association settings from 4 (the
 * viewer's own association; level 5 picks any).
 */
export function SettingsPage() {
  const { viewer } = useMember();
  const hasOfficeTab = viewer.level >= 2;
  const picksAssociation = viewer.level >= SETTING_LEVEL.mls;
  const hasAssociationTab = picksAssociation || (viewer.level >= SETTING_LEVEL.association && viewer.aorId !== null);
  const tabs = [memberSettingsTab, ...(hasOfficeTab ? [officeSettingsTab] : []), ...(hasAssociationTab ? [associationSettingsTab] : [])];
  const [active, selectTab] = useUrlTab('settings', tabs);
  const [agent, setAgent] = useState<AudienceIndexEntry | null>(null);
  const [office, setOffice] = useState<OfficeSummary | null>(null);
  const [aorId, setAorId] = useState<number | null>(viewer.aorId);
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [pending, setPending] = useState<(() => void) | null>(null);
  const isDirty = Object.keys(edits).length > 0;
  const blocker = useLeaveGuard(isDirty);

  const handleEdit = (typeId: number, value: string | null) =>
    setEdits((current) => {
      const next = { ...current };
      if (value === null) delete next[typeId];
      else next[typeId] = value;
      return next;
    });
  /** Switching whose settings are shown drops the edits: ask first. */
  const switchOwner = (select: () => void) => {
    const action = () => {
      setEdits({});
      select();
    };
    return isDirty ? setPending(() => action) : action();
  };
  const handleAgent = async (entry: AudienceIndexEntry | null) => {
    const found = entry ? ((await lookupAgent(entry.loginId)) ?? entry) : null;
    switchOwner(() => setAgent(found));
  };
  const ownerForm = (ownerType: 'member' | 'office' | 'association', ownerId: number | null) => (
    <SettingsForm
      key={`${ownerType}-${ownerId}`}
      ownerType={ownerType}
      ownerId={ownerId}
      viewerLevel={viewer.level}
      edits={edits}
      onEdit={handleEdit}
      onSaved={() => setEdits({})}
    />
  );

  const memberId = agent?.contactId ?? viewer.memberId;
  const officeId = office?.id ?? viewer.officeId;
  return (
    <>
      <PageTitle title={hasOfficeTab ? SETTINGS_MESSAGES.memberOfficeTitle : memberSettingsTab} />
      <Tabs
        value={slugify(active)}
        onChange={(slug) => slug && slug !== slugify(active) && selectTab(tabs.find((t) => slugify(t) === slug) ?? active)}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={slugify(tab)}>
              {tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={slugify(memberSettingsTab)}>
          <Stack gap="md">
            {hasOfficeTab && (
              <Paper withBorder p="md">
                <AgentSearch onSelect={handleAgent} />
                {agent && (
                  <Group gap="xs" mt="sm" data-testid="on-behalf-of">
                    <Text fw={600}>{SETTINGS_MESSAGES.onBehalfOf}</Text>
                    <Text>
                      {agent.loginId} · {agent.firstName} {agent.lastName} · {agent.emailAddress}
                    </Text>
                  </Group>
                )}
              </Paper>
            )}
            {ownerForm('member', memberId)}
          </Stack>
        </Tabs.Panel>
        {hasOfficeTab && (
          <Tabs.Panel value={slugify(officeSettingsTab)}>
            <Stack gap="md">
              {viewer.level > 3 && (
                <Paper withBorder p="md">
                  <OfficePicker label="Office" onSelect={(o) => switchOwner(() => setOffice(o))} />
                </Paper>
              )}
              {ownerForm('office', officeId)}
            </Stack>
          </Tabs.Panel>
        )}
        {hasAssociationTab && (
          <Tabs.Panel value={slugify(associationSettingsTab)}>
            <Stack gap="md">
              <Paper withBorder p="md">
                {picksAssociation ? (
                  <AssociationPicker value={aorId} onSelect={(a) => switchOwner(() => setAorId(a.id))} />
                ) : (
                  <Text fw={600}>{viewer.aorShortName}</Text>
                )}
                <Text mt={picksAssociation ? 'sm' : 0}>{SETTINGS_MESSAGES.associationSettingsNote}</Text>
              </Paper>
              {aorId === null ? <Text>{SETTINGS_MESSAGES.chooseAssociation}</Text> : ownerForm('association', aorId)}
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
      <LeaveModal
        opened={blocker.state === 'blocked' || pending !== null}
        onStay={() => {
          if (blocker.state === 'blocked') blocker.reset();
          setPending(null);
        }}
        onLeave={() => {
          setEdits({});
          if (blocker.state === 'blocked') blocker.proceed();
          pending?.();
          setPending(null);
        }}
      />
    </>
  );
}
