import { Box, SegmentedControl, Stack, Table } from '@mantine/core';
import { type EnrolmentRow, SECOND_FACTOR_LABELS, type SecondFactorType } from '@portico/shared';
import { useState } from 'react';

const KINDS: SecondFactorType[] = ['email', 'sms', 'totp', 'passkey'];
const GROUPS = [
  { value: 'memberType', label: 'Member type' },
  { value: 'association', label: 'Association' },
  { value: 'office', label: 'Office' },
] as const;
type GroupBy = (typeof GROUPS)[number]['value'];

/** The enrolment folded by one of its keys (the CSV keeps every type, association and office apart). */
export function foldEnrolment(rows: EnrolmentRow[], by: GroupBy) {
  const groups = new Map<string, Omit<EnrolmentRow, 'memberType' | 'association' | 'office'> & { name: string }>();
  for (const r of rows) {
    const name = r[by] || '—';
    const g = groups.get(name) ?? { name, members: 0, withFactor: 0, withoutFactor: 0, byKind: { email: 0, sms: 0, totp: 0, passkey: 0 } };
    g.members += r.members;
    g.withFactor += r.withFactor;
    g.withoutFactor += r.withoutFactor;
    for (const k of KINDS) g.byKind[k] += r.byKind[k];
    groups.set(name, g);
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Members with and without a factor, and the factors' kinds, by member type, association or office. */
export function EnrolmentTable({ rows }: { rows: EnrolmentRow[] }) {
  const [by, setBy] = useState<GroupBy>('memberType');
  const label = GROUPS.find((g) => g.value === by)?.label ?? '';
  return (
    <Stack gap="sm">
      <SegmentedControl aria-label="Group the enrolment by" value={by} onChange={(v) => setBy(v as GroupBy)} data={[...GROUPS]} />
      {/* A plain scrolling box that the keyboard can reach: the table is wider than a phone. */}
      <Box mah={480} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={`Enrolment by ${label.toLowerCase()}`}>
        <Table striped withTableBorder miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label}</Table.Th>
              <Table.Th>Members</Table.Th>
              <Table.Th>With a factor</Table.Th>
              <Table.Th>Without</Table.Th>
              {KINDS.map((k) => (
                <Table.Th key={k}>{SECOND_FACTOR_LABELS[k]}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {foldEnrolment(rows, by).map((g) => (
              <Table.Tr key={g.name} data-testid="enrolment-row">
                <Table.Td>{g.name}</Table.Td>
                <Table.Td>{g.members}</Table.Td>
                <Table.Td>{g.withFactor}</Table.Td>
                <Table.Td>{g.withoutFactor}</Table.Td>
                {KINDS.map((k) => (
                  <Table.Td key={k}>{g.byKind[k]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}
