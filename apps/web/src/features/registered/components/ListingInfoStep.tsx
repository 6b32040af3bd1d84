import { Alert, Checkbox, Grid, NumberInput, Select, TextInput } from '@mantine/core';
import {
  enterHint,
  isOpenListingId,
  REGISTERED_LABELS as L,
  REGISTERED_MESSAGES as M,
  propertyTypesFor,
  REGISTERED,
  todayIso,
  wouldBeReadOnlyOnSave,
} from '@portico/shared';
import { useMlsZone } from '../../../core/member';
import type { ListingFormState } from '../hooks/useListingForm';
import { type DisclosureChoice, ExemptionFields } from './ExemptionFields';

/** Step 2: property type, price, the agreement's dates, the no-marketing box, the exemption and (new) its disclosure. */
export function ListingInfoStep({ state, disclosure }: { state: ListingFormState; disclosure?: DisclosureChoice }) {
  const { values, field, setField } = state;
  const zone = useMlsZone();
  const listingId = (values.listingId as string | null) ?? '';
  const date = (name: 'listingContractDate' | 'expirationDate' | 'startShowingDate') => ({ ...field(name), type: 'date' });
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={L.propertyType}
          placeholder={`Choose ${L.propertyType}`}
          required
          disabled={!isOpenListingId(listingId)}
          allowDeselect={false}
          data={propertyTypesFor(listingId).map((t) => ({ value: t.code, label: t.label }))}
          value={(values.propertyType as string) || null}
          onChange={(v) => setField('propertyType', v)}
          error={field('propertyType').error}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NumberInput
          label={L.listPrice}
          placeholder={enterHint(L.listPrice)}
          required
          prefix="$"
          thousandSeparator=","
          decimalScale={0}
          allowNegative={false}
          value={values.listPrice === null || values.listPrice === undefined ? '' : Number(values.listPrice)}
          onChange={(v) => setField('listPrice', v === '' ? null : Number(v))}
          error={field('listPrice').error}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput {...date('listingContractDate')} required />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput {...date('expirationDate')} required />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput {...date('startShowingDate')} />
      </Grid.Col>
      {wouldBeReadOnlyOnSave(values.expirationDate as string | null, todayIso(zone)) && (
        <Grid.Col span={12}>
          <Alert color="yellow" role="status" data-testid="read-only-on-save">
            {M.readOnlyOnSave(REGISTERED.readOnlyDaysAfterExpiration)}
          </Alert>
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <Checkbox
          label={M.noMarketingCheckbox}
          checked={!!values.noMarketing}
          onChange={(e) => setField('noMarketing', e.currentTarget.checked)}
        />
      </Grid.Col>
      <ExemptionFields state={state} disclosure={disclosure} />
    </Grid>
  );
}
