import { Alert, Button, Card, Group, Radio, Select, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AudienceIndexEntry,
  canSubmitOffMlsReport,
  canSubmitReport,
  groupReportReasons,
  type ListingDetail,
  OFF_MLS_MESSAGES,
  REPORT_MESSAGES,
  REPORT_TEXT_MAX,
  type ReportType,
  TOAST_ERROR_MS,
  todayIso,
} from '@portico/shared';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../core/api';
import { useMember } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { PageTitle } from '../../ui/PageTitle';
import { useCreateOffMlsReport, useCreateReport, useReportPageConfig, useReportReasons } from './api';
import { ListingLookup } from './ListingLookup';
import { MemberPicker } from './MemberPicker';
import { EMPTY_OFF_MLS, type OffMlsDraft, OffMlsFields } from './OffMlsFields';

/** /comply/report-violation: report a listing or a member to the compliance staff. */
export function ReportViolationPage() {
  const reasons = useReportReasons();
  const config = useReportPageConfig();
  const create = useCreateReport();
  const [progress, setProgress] = useState<number | null>(null);
  const createOffMls = useCreateOffMlsReport(setProgress);
  const { viewer } = useMember();
  const [draft, setDraft] = useState<OffMlsDraft>(EMPTY_OFF_MLS);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [type, setType] = useState<ReportType>('Listing');
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [listing, setListing] = useState<ListingDetail | null>(null);
  const [member, setMember] = useState<AudienceIndexEntry | null>(null);
  const [text, setText] = useState('');
  const [formKey, setFormKey] = useState(0);
  const [done, setDone] = useState(false);
  const onFound = useCallback((l: ListingDetail | null) => setListing(l), []);

  const groups = useMemo(() => groupReportReasons(reasons.data ?? [], type), [reasons.data, type]);
  // 'Listing marketed but not in the MLS' (decision 1093): there is no MLS listing to find, so the address instead.
  const offMls = reasons.data?.find((r) => String(r.id) === reasonId)?.kind === 'off-mls';
  const offMlsReport = { ...draft, reportReasonId: Number(reasonId), text };
  const canSubmit = offMls
    ? canSubmitOffMlsReport(offMlsReport)
    : canSubmitReport({
        type,
        reasonId: reasonId ? Number(reasonId) : null,
        text,
        listingFound: !!listing,
        memberId: member?.contactId ?? null,
      });

  /** Changing the type clears reason, listing and member (seed 002 §4). */
  const changeType = (next: string) => {
    setType(next as ReportType);
    setReasonId(null);
    setListing(null);
    setMember(null);
    setDraft(EMPTY_OFF_MLS);
    setFiles([]);
    setErrors({});
    setFormKey((k) => k + 1);
  };
  const reset = () => {
    changeType('Listing');
    setText('');
    setDone(false);
  };
  const submit = async () => {
    try {
      setErrors({});
      if (offMls) {
        setProgress(files.length ? 0 : null);
        await createOffMls.mutateAsync({ report: offMlsReport, files });
      } else {
        await create.mutateAsync({
          reportReasonId: Number(reasonId),
          listingId: type === 'Listing' ? (listing?.listingId ?? null) : null,
          memberId: type === 'Member' ? (member?.contactId ?? null) : null,
          text,
        });
      }
      setDone(true);
    } catch (error) {
      // The server's field errors stay beside their fields; what was typed and chosen stays too.
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      const detail = error instanceof ApiError ? error.message : '';
      notifications.show({
        color: 'red',
        title: REPORT_MESSAGES.failureTitle,
        message: `${REPORT_MESSAGES.failureText} ${detail}`.trim(),
        autoClose: TOAST_ERROR_MS,
      });
    } finally {
      setProgress(null);
    }
  };

  const texts = config.data;
  return (
    <Stack gap="md" maw={900}>
      <PageTitle title={REPORT_MESSAGES.title} />
      {done ? (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Alert variant="filled" color="teal.9" title={REPORT_MESSAGES.successTitle} role="status">
              {REPORT_MESSAGES.successText}
            </Alert>
            {texts && <SafeHtml html={texts.confirmationHtml} />}
            <Group>
              <Button onClick={reset}>{REPORT_MESSAGES.createAnother}</Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="md">
            {texts ? <SafeHtml html={texts.disclaimerHtml} testId="report-disclaimer" /> : <Skeleton h={48} />}
            <Radio.Group label="Report type" value={type} onChange={changeType}>
              <Group gap="lg" mt={4}>
                <Radio value="Listing" label="Listing" />
                <Radio value="Member" label="Member" />
              </Group>
            </Radio.Group>
            {reasons.error ? (
              <ErrorPanel title={REPORT_MESSAGES.reasonsError} message={reasons.error.message} />
            ) : (
              <Select
                label="Reason"
                placeholder={reasons.isLoading ? 'Loading reasons…' : 'Choose a reason'}
                withAsterisk
                value={reasonId}
                onChange={setReasonId}
                data={groups.map((g) => ({
                  group: g.category,
                  items: g.reasons.map((r) => ({ value: String(r.id), label: r.reasonText })),
                }))}
                maw={460}
              />
            )}
            {offMls ? (
              <OffMlsFields
                draft={draft}
                onChange={setDraft}
                files={files}
                onFiles={setFiles}
                errors={errors}
                progress={progress}
                maxDate={todayIso(viewer.timeZone)}
              />
            ) : type === 'Listing' ? (
              <ListingLookup key={formKey} onFound={onFound} />
            ) : (
              <MemberPicker key={formKey} member={member} onChange={setMember} />
            )}
            <Textarea
              label="Description"
              withAsterisk
              autosize
              minRows={4}
              maxLength={REPORT_TEXT_MAX}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={errors.text}
            />
            <Group>
              <Button onClick={submit} disabled={!canSubmit} loading={create.isPending || createOffMls.isPending}>
                Submit Report
              </Button>
              {!canSubmit && (
                <Text size="sm">
                  {offMls
                    ? OFF_MLS_MESSAGES.submitHint
                    : type === 'Listing'
                      ? 'Choose a reason, find the listing and describe the violation.'
                      : 'Choose a reason, a member and describe the violation.'}
                </Text>
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
