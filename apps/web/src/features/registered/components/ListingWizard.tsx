import { Alert, Button, Group, Stepper, Text } from '@mantine/core';
import { EXEMPTION_MESSAGES as E, ERROR_REASONS, REGISTERED_MESSAGES as M, REGISTERED, type RegisteredListing } from '@portico/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../core/api';
import { refreshAfterWrite } from '../../../core/refresh';
import { notify } from '../../../ui/notify';
import { registeredApi, registeredKeys, uploadDisclosure } from '../api';
import { type FieldErrors, useListingForm } from '../hooks/useListingForm';
import { AgentStep } from './AgentStep';
import { disclosureFileIssue } from './ExemptionFields';
import { ListingInfoStep } from './ListingInfoStep';
import { ListingSummary } from './ListingSummary';
import { LocationStep } from './LocationStep';
import { stepOfField, stepsWithErrors } from './wizard-steps';

const LAST_STEP = M.steps.length - 1;

/** All field errors in one compact paragraph: the notice area caps a toast's height. */
function errorList(errors: Array<{ message: string }>) {
  return <Text size="xs">{[...new Set(errors.map((e) => e.message))].join(' · ')}</Text>;
}

function showFormErrors(errors: FieldErrors) {
  notify(
    'red',
    M.submitFailed,
    errorList(Object.values(errors).map((message) => ({ message: message ?? '' }))),
    REGISTERED.popoverFormErrorsMs,
  );
}

/** The four-step wizard (seed 001 section 2). Previous and Next stay within the steps; Save is on the last. */
export function ListingWizard({ listing }: { listing: RegisteredListing | null }) {
  const state = useListingForm(listing);
  const [step, setStep] = useState(0);
  const navigate = useNavigate();
  const client = useQueryClient();
  const go = (to: number) => setStep(Math.min(LAST_STEP, Math.max(0, to)));
  const [conflict, setConflict] = useState(false);
  // A new listing's seller disclosure, filed right after the listing is registered (decision 1050).
  const [disclosure, setDisclosure] = useState<File | null>(null);
  const reload = useMutation({
    mutationFn: () => registeredApi.get(listing?.id ?? 0),
    onSuccess: (saved) => {
      client.setQueryData(registeredKeys.one(saved.id), saved);
      state.rebase(saved);
      setConflict(false);
      notify('green', M.conflictTitle, M.rebased, REGISTERED.popoverUpdatedMs);
    },
  });

  /** Registers the listing, then files its disclosure; a refused file leaves the listing registered and says so. */
  const createWithDisclosure = async () => {
    const res = await registeredApi.create(state.form);
    const saved = res.results[0];
    if (disclosure && saved) {
      await uploadDisclosure(saved.id, disclosure).catch((error: unknown) =>
        notify('red', E.disclosureUploadFailed, error instanceof ApiError ? error.message : E.disclosureUploadFailed, false),
      );
    }
    return res;
  };
  const save = useMutation({
    mutationFn: () =>
      listing
        ? registeredApi.update(listing.id, { ...state.form, version: Number(state.values.version ?? listing.version) })
        : createWithDisclosure(),
    onSuccess: (res) => {
      const saved = res.results[0];
      void refreshAfterWrite(client, registeredKeys.all);
      if (!listing) {
        notify('green', M.createdTitle, M.created(saved.listingId), false);
        navigate('/registered/');
        return;
      }
      client.setQueryData(registeredKeys.one(saved.id), saved);
      state.merge({ version: saved.version });
      notify('green', 'Updated', M.updated, REGISTERED.popoverUpdatedMs);
    },
    onError: (error) => {
      const apiError = error instanceof ApiError ? error : null;
      // Saved by someone else meanwhile: the wizard offers to carry the member's edits onto that version.
      if (apiError?.reason === ERROR_REASONS.registeredStale) return setConflict(true);
      // Each refused field shows its message where it is entered; the wizard opens the first step that has one.
      if (apiError?.errors.length) {
        state.showServerErrors(apiError.errors);
        go(Math.min(...apiError.errors.map((e) => stepOfField(e.field))));
      }
      notify(
        'red',
        M.saveFailedTitle,
        <>
          <Text size="sm">{apiError?.message ?? M.submitFailed}</Text>
          {apiError?.errors.length ? errorList(apiError.errors) : null}
        </>,
        REGISTERED.popoverSaveFailedMs,
      );
    },
  });

  const confirm = () => {
    state.showAllErrors();
    if (!state.isValid) showFormErrors(state.errors);
  };
  const submit = () => {
    state.showAllErrors();
    if (!state.isValid) return showFormErrors(state.errors);
    if (disclosureFileIssue(disclosure)) return go(1);
    save.mutate();
  };

  // A step left behind with errors is not ticked: it shows a warning and says so (decision 0967).
  const withErrors = stepsWithErrors(state.errors);
  const flag = (index: number) =>
    index < step && withErrors.has(index)
      ? { color: 'red', completedIcon: <IconAlertTriangle size={16} aria-hidden />, description: M.stepNeedsAttention }
      : {};

  return (
    <>
      {conflict && (
        <Alert color="yellow" mb="md" role="alert" title={M.conflictTitle}>
          <Text size="sm">{M.conflict}</Text>
          {reload.isError && (
            <Text size="sm" c="var(--mantine-color-error)">
              {reload.error instanceof ApiError ? reload.error.message : M.notVisible}
            </Text>
          )}
          <Button mt="sm" size="xs" onClick={() => reload.mutate()} loading={reload.isPending}>
            {M.reloadKeepEdits}
          </Button>
        </Alert>
      )}
      <Stepper active={step} onStepClick={go} size="sm" mb="lg" allowNextStepsSelect>
        <Stepper.Step label={M.steps[0]} {...flag(0)}>
          <LocationStep state={state} />
        </Stepper.Step>
        <Stepper.Step label={M.steps[1]} {...flag(1)}>
          <ListingInfoStep state={state} disclosure={listing ? undefined : { file: disclosure, onChange: setDisclosure }} />
        </Stepper.Step>
        <Stepper.Step label={M.steps[2]} {...flag(2)}>
          <AgentStep state={state} />
        </Stepper.Step>
        <Stepper.Step label={M.steps[3]}>
          <Alert color={state.isValid ? 'green' : 'yellow'} mb="md" role="status">
            {state.isValid ? M.reviewValid : M.reviewInvalid}
          </Alert>
          <ListingSummary values={state.values} errors={state.errors} />
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" mt="xl">
        <Button variant="default" onClick={() => go(step - 1)} disabled={step === 0}>
          Previous
        </Button>
        <Group>
          {step === LAST_STEP && (
            <Button variant="default" onClick={confirm}>
              Confirm
            </Button>
          )}
          {step < LAST_STEP ? (
            <Button onClick={() => go(step + 1)}>Next</Button>
          ) : (
            <Button onClick={submit} loading={save.isPending}>
              Save
            </Button>
          )}
        </Group>
      </Group>
    </>
  );
}
