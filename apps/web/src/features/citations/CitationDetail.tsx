import { Alert, Anchor, Badge, Button, Card, FileButton, Group, List, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  CITATION_STATE_LABELS,
  type Citation,
  citationAmountText,
  countdownText,
  formatDateTimeIn,
  formatDateUs,
  CITATION_MESSAGES as M,
} from '@portico/shared';
import { IconPaperclip } from '@tabler/icons-react';
import { ApiError } from '../../core/api';
import { useMember } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { toast } from '../../ui/notify';
import { downloadCitationFile, useAttachFile, useCitation } from './api';
import { MemberActions, StaffActions } from './CitationActions';

const STATE_COLORS: Record<Citation['state'], string> = {
  issued: 'orange.9',
  corrected: 'blue.9',
  appealed: 'grape.9',
  upheld: 'orange.9',
  suspended: 'red.9',
  paid: 'teal.9',
  withdrawn: 'gray.9',
  closed: 'teal.9',
};

export function StateBadge({ state }: { state: Citation['state'] }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="filled" autoContrast tt="none" data-testid="citation-state">
      {CITATION_STATE_LABELS[state]}
    </Badge>
  );
}

/** One citation: the rule's text, the facts, the amount, the deadlines counting down, files, history and actions. */
export function CitationDetail({ id }: { id: number }) {
  const citation = useCitation(id);
  if (citation.error) return <ErrorPanel title={M.notFound} message={citation.error.message} />;
  if (!citation.data) return <Text size="sm">Loading the citation</Text>;
  return <CitationBody c={citation.data} />;
}

function CitationBody({ c }: { c: Citation }) {
  const { currentUser } = useMember();
  const zone = currentUser.timeZone;
  const attach = useAttachFile(c.id);
  const onFile = async (file: File | null) => {
    if (!file) return;
    try {
      await attach.mutateAsync(file);
      toast('success', `${file.name} is attached.`);
    } catch (error) {
      toast('failure', error instanceof ApiError ? error.message : M.fileWrongType);
    }
  };
  const open = ['issued', 'upheld', 'suspended', 'corrected', 'appealed'].includes(c.state);
  return (
    <Stack gap="md" data-testid="citation-detail">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Citation {c.id}: rule {c.rule.number} {c.rule.title}
        </Title>
        <StateBadge state={c.state} />
      </Group>
      {c.state === 'suspended' && (
        <Alert color="red" title="MLS access suspended">
          MLS applications and new registered listings are closed for {c.member.name} until this citation is paid or corrected.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text size="sm" fw={700}>
            Member
          </Text>
          <Text size="sm">
            {c.member.name} ({c.member.loginId}){c.officeName ? `, ${c.officeName}` : ''}
          </Text>
          {c.listingId && <Text size="sm">Listing {c.listingId}</Text>}
          <Text size="sm" fw={700} mt="sm">
            Amount
          </Text>
          <Text size="sm" data-testid="citation-amount">
            {citationAmountText({ kind: c.stepKind, amount: c.amount, hearing: c.hearing })} (step {c.stepIndex + 1}, {c.earlierOffences}{' '}
            earlier offence{c.earlierOffences === 1 ? '' : 's'} in the window)
          </Text>
          {c.paymentReference && <Text size="sm">Payment reference: {c.paymentReference}</Text>}
        </Card>
        <Card withBorder>
          <Text size="sm" fw={700}>
            Deadline to correct or pay
          </Text>
          <Text size="sm" data-testid="due-countdown">
            {open ? countdownText(c.dueDaysLeft, c.dueOn) : formatDateUs(c.dueOn)}
          </Text>
          <Text size="sm" fw={700} mt="sm">
            Deadline to appeal
          </Text>
          <Text size="sm" data-testid="appeal-countdown">
            {c.state === 'issued' ? countdownText(c.appealDaysLeft, c.appealOn) : formatDateUs(c.appealOn)}
          </Text>
          <Text size="xs" mt="sm">
            Business days on the MLS calendar. Issued {formatDateTimeIn(zone, c.issuedOn)}
            {c.issuedBy ? ` by ${c.issuedBy}` : ''}.
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Text size="sm" fw={700}>
          The rule
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {c.ruleText}
        </Text>
        <Text size="sm" fw={700} mt="sm">
          What happened
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="citation-facts">
          {c.facts}
        </Text>
      </Card>
      <Card withBorder>
        <Group justify="space-between">
          <Text size="sm" fw={700}>
            Evidence and files
          </Text>
          {c.canAttach && (
            <FileButton onChange={onFile} accept="application/pdf,image/png,image/jpeg,image/gif,image/webp">
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconPaperclip size={14} aria-hidden />}
                  loading={attach.isPending}
                >
                  Attach a file
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {c.files.length === 0 ? (
          <Text size="sm">No files.</Text>
        ) : (
          <List size="sm">
            {c.files.map((f) => (
              <List.Item key={f.id}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => downloadCitationFile(c.id, f.id).catch((e: Error) => toast('failure', e.message))}
                >
                  {f.fileName}
                </Anchor>{' '}
                ({f.side === 'staff' ? 'MLS staff' : 'member'}, {Math.ceil(f.size / 1024)} KB)
              </List.Item>
            ))}
          </List>
        )}
      </Card>
      {c.actions.length > 0 && <StaffActions key={c.version} c={c} />}
      {(c.canCorrect || c.canAppeal) && <MemberActions key={c.version} c={c} />}
      <Card withBorder>
        <Text size="sm" fw={700} mb="xs">
          History
        </Text>
        {/* A timeline rather than a table: at 375 px a four-column table scrolled sideways and hid the notes. */}
        <Timeline
          bulletSize={12}
          lineWidth={2}
          active={c.history.length - 1}
          aria-label="History of the citation"
          data-testid="citation-history"
        >
          {c.history.map((h) => (
            <Timeline.Item
              key={`${h.at}-${h.what}`}
              title={
                <Text size="sm" fw={600}>
                  {h.what} → {CITATION_STATE_LABELS[h.toState]}
                </Text>
              }
            >
              <Text size="sm">
                {formatDateTimeIn(zone, h.at)} · {h.by ?? 'Portico'}
              </Text>
              {h.note && (
                <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {h.note}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </Stack>
  );
}
