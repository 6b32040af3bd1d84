import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  CITATIONS_PATH,
  type CitationPreview,
  type CitationTargetInput,
  citationAmountText,
  formatDateUs,
  ladderSummary,
  CITATION_MESSAGES as M,
  type RuleBook,
} from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, apiGet } from '../../core/api';
import { toast } from '../../ui/notify';
import { previewCitation, useIssueCitation } from './api';

/**
 * Cite a member: directly, or from a case or the Clear Cooperation screen (their links fill the member, listing, case
 * and source). The step of the ladder and the deadlines are shown before issuing (the server's preview).
 */
export function CitationForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rules = useQuery({
    queryKey: ['rule-book'],
    queryFn: async ({ signal }) => (await apiGet<RuleBook>('/api/app/RuleBook', signal)).results[0]!,
  });
  const source = (params.get('source') as CitationTargetInput['source']) ?? 'direct';
  const caseId = params.get('caseId') ?? undefined;
  const [ruleId, setRuleId] = useState<string | null>(null);
  const [loginId, setLoginId] = useState(params.get('loginId') ?? '');
  const [listingId, setListingId] = useState(params.get('listingId') ?? '');
  const [facts, setFacts] = useState('');
  const [preview, setPreview] = useState<CitationPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const issue = useIssueCitation();
  const target = (): CitationTargetInput => ({ ruleId: ruleId ?? '', loginId, listingId, source, caseId });
  const fail = (error: unknown) => {
    if (!(error instanceof ApiError)) return toast('failure', M.notFound);
    setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
    toast('failure', error.message);
  };
  const showPreview = async () => {
    setErrors({});
    try {
      setPreview(await previewCitation(target()));
    } catch (error) {
      setPreview(null);
      fail(error);
    }
  };
  const submit = async () => {
    setErrors({});
    try {
      const res = await issue.mutateAsync({ ...target(), facts });
      toast('success', res.message);
      navigate(`${CITATIONS_PATH}/${res.results[0]!.id}`);
    } catch (error) {
      fail(error);
    }
  };
  const rule = rules.data?.rules.find((r) => String(r.id) === ruleId);
  return (
    <Card withBorder padding="lg" component="section" aria-label="New citation">
      <Stack gap="md">
        <Title order={2} size="h3">
          New citation
        </Title>
        {caseId && <Text size="sm">From case {caseId}.</Text>}
        {source === 'clear-cooperation' && <Text size="sm">From the Clear Cooperation screen.</Text>}
        <Select
          label="Rule"
          required
          searchable
          data={(rules.data?.rules ?? []).map((r) => ({ value: String(r.id), label: `${r.number} ${r.title}` }))}
          value={ruleId}
          onChange={(v) => {
            setRuleId(v);
            setPreview(null);
          }}
          error={errors.ruleId}
        />
        {rule && (
          <Text size="xs">
            Ladder: {ladderSummary(rule.steps)}; offences count over {rule.windowMonths} months.
          </Text>
        )}
        <TextInput
          label="Member login ID"
          required
          value={loginId}
          onChange={(e) => {
            setLoginId(e.currentTarget.value);
            setPreview(null);
          }}
          error={errors.loginId}
        />
        <TextInput
          label="Listing ID (if any)"
          value={listingId}
          onChange={(e) => setListingId(e.currentTarget.value)}
          error={errors.listingId}
        />
        <Textarea
          label="Facts (the member reads them)"
          required
          value={facts}
          onChange={(e) => setFacts(e.currentTarget.value)}
          error={errors.facts}
          autosize
          minRows={3}
        />
        {preview && (
          <Alert color="blue" title={`Step ${preview.stepIndex + 1} of ${preview.stepCount}`} data-testid="citation-preview">
            {preview.member.name}: {citationAmountText(preview.step)}, with {preview.earlierOffences} earlier offence
            {preview.earlierOffences === 1 ? '' : 's'} of rule {preview.rule.number} in the window. Correct or pay by{' '}
            {formatDateUs(preview.dueOn)}; appeal by {formatDateUs(preview.appealOn)}.
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={showPreview}>
            Preview
          </Button>
          <Button onClick={submit} disabled={!preview} loading={issue.isPending}>
            Issue citation
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
