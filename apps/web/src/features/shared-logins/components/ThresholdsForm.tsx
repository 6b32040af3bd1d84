import { Alert, Button, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { SHARED_LOGIN_LIMITS as L, SHARED_LOGIN_MESSAGES as M, type SharedLoginSettings } from '@portico/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../core/api';
import { toast } from '../../../ui/notify';
import { Spinner } from '../../../ui/Spinner';
import { useSaveSettings, useSharedLoginSettings } from '../api';

type Draft = Record<'maxDevices' | 'speedKmh' | 'distanceKm', number | string>;

/** The thresholds: MLS staff change them (field errors from the server's schema); association staff read them. */
export function ThresholdsForm({ canEdit }: { canEdit: boolean }) {
  const settings = useSharedLoginSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) setDraft(pick(settings.data));
  }, [settings.data]);
  if (settings.isPending) return <Spinner label="Loading the thresholds" />;
  if (settings.isError || !draft) {
    return (
      <Alert color="red" role="alert">
        {M.fetchFailed}
      </Alert>
    );
  }
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const res = await save.mutateAsync(draft as never);
      toast('success', res.message);
    } catch (error) {
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      toast('failure', error instanceof ApiError ? error.message : M.fetchFailed);
    }
  };
  const field = (key: keyof Draft, label: string, suffix: string) => (
    <NumberInput
      label={label}
      description={`${L[key].min} to ${L[key].max}${suffix}`}
      value={draft[key]}
      onChange={(v) => setDraft({ ...draft, [key]: v })}
      error={errors[key]}
      readOnly={!canEdit}
      allowDecimal={false}
    />
  );
  return (
    <form onSubmit={(e) => void handleSubmit(e)} aria-label="Shared-login thresholds">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {field('maxDevices', 'Devices allowed in 7 days', '')}
        {field('speedKmh', 'Fastest travel', ' km/h')}
        {field('distanceKm', 'Distant places', ' km')}
      </SimpleGrid>
      {canEdit ? (
        <Group mt="sm">
          <Button type="submit" loading={save.isPending}>
            Save thresholds
          </Button>
        </Group>
      ) : (
        <Text size="sm" mt="xs">
          MLS staff change the thresholds.
        </Text>
      )}
    </form>
  );
}

const pick = (s: SharedLoginSettings): Draft => ({ maxDevices: s.maxDevices, speedKmh: s.speedKmh, distanceKm: s.distanceKm });
