import { Autocomplete, Fieldset, Grid, Select, TextInput } from '@mantine/core';
import {
  type AddressSuggestion,
  isOpenListingId,
  REGISTERED_LABELS as L,
  LOOKUP_MIN_CHARS,
  type PropertyTypeCode,
  REGISTERED,
  RESTRICTED_PROPERTY_TYPES,
  STATE_OPTIONS,
} from '@portico/shared';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { registeredApi } from '../api';
import type { ListingFormState } from '../hooks/useListingForm';
import { useTypeahead } from '../hooks/useTypeahead';

const passAll = ({ options }: { options: unknown }) => options as never;

/** Step 1: the address type-ahead (United States only, 1000 ms), the property report, and the address parts. */
export function LocationStep({ state }: { state: ListingFormState }) {
  const { values, field, merge, setField } = state;
  const [addressText, setAddressText] = useState('');
  const addresses = useTypeahead('address', addressText, REGISTERED.debounceAddressSearchMs, LOOKUP_MIN_CHARS, registeredApi.addresses);
  const cities = useTypeahead('city', String(values.city ?? ''), REGISTERED.debounceLookupMs, LOOKUP_MIN_CHARS, (t, s) =>
    registeredApi.lookupSearch(REGISTERED.lookupTypeCity, t, s),
  );
  const counties = useTypeahead('county', String(values.countyOrParish ?? ''), REGISTERED.debounceLookupMs, LOOKUP_MIN_CHARS, (t, s) =>
    registeredApi.lookupSearch(REGISTERED.lookupTypeCounty, t, s),
  );

  const pick = async (suggestion: AddressSuggestion) => {
    merge({
      streetNumber: suggestion.streetNumber,
      streetDirPrefix: suggestion.streetDirPrefix,
      streetName: suggestion.streetName,
      streetSuffix: suggestion.streetSuffix,
      unitNumber: suggestion.unitNumber,
      city: suggestion.city,
      stateOrProvince: suggestion.stateOrProvince,
      postalCode: suggestion.postalCode,
      countyOrParish: suggestion.countyOrParish,
      country: 'US',
      latitude: suggestion.latitude,
      longitude: suggestion.longitude,
    });
    if (!suggestion.streetNumber || !suggestion.streetName) return;
    // The property report fills the rest only when exactly one property matches; otherwise the form just continues.
    const report = await registeredApi
      .propertyReport(suggestion.postalCode, `${suggestion.streetNumber} ${suggestion.streetName}`)
      .catch(() => null);
    if (report?.propertiesFound !== 1 || !report.property) return;
    const p = report.property;
    const type = p.propertyType as PropertyTypeCode | null;
    merge({
      countyOrParish: p.county,
      stateOrProvince: p.state,
      postalCodePlus4: p.address.zip4,
      streetSuffix: p.address.streetSuffix,
      unparsedAddress: p.address.full,
      universalPropertyId: p.upi,
      latitude: p.coordinates.lat,
      longitude: p.coordinates.lon,
      ...(type && (isOpenListingId(String(values.listingId ?? '')) || !RESTRICTED_PROPERTY_TYPES.includes(type))
        ? { propertyType: type }
        : {}),
    });
  };

  const cityExact = async () => {
    const city = String(values.city ?? '').trim();
    if (city.length < LOOKUP_MIN_CHARS || values.stateOrProvince) return;
    const found = await registeredApi.lookupExact(REGISTERED.lookupTypeCity, city).catch(() => []);
    if (found.length === 1) setField('stateOrProvince', found[0].stateOrProvince);
  };

  return (
    <>
      <Autocomplete
        label="Address search (United States only)"
        placeholder="Start typing a street address, city or ZIP code"
        leftSection={<IconMapPin size={16} aria-hidden />}
        value={addressText}
        onChange={setAddressText}
        data={addresses.options.map((a) => ({ value: a.id, label: a.label }))}
        filter={passAll}
        onOptionSubmit={(id) => {
          const chosen = addresses.options.find((a) => a.id === id);
          if (chosen) {
            setAddressText(chosen.label);
            void pick(chosen);
          }
        }}
        mb="md"
      />
      <Fieldset legend="Address details">
        <Grid>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput {...field('streetNumber')} required />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextInput {...field('streetDirPrefix')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput {...field('streetName')} required />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextInput {...field('streetSuffix')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput {...field('streetDirSuffix')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput {...field('unitNumber')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Autocomplete
              {...field('city')}
              required
              onChange={(v) => setField('city', v)}
              onBlur={() => void cityExact()}
              data={[...new Set(cities.options.map((c) => c.value))]}
              filter={passAll}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={L.stateOrProvince}
              placeholder={`Choose ${L.stateOrProvince}`}
              required
              allowDeselect={false}
              data={STATE_OPTIONS.map((s) => ({ value: s.value, label: s.label }))}
              value={(values.stateOrProvince as string) || null}
              onChange={(v) => setField('stateOrProvince', v)}
              error={field('stateOrProvince').error}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput {...field('postalCode')} required inputMode="numeric" />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput {...field('postalCodePlus4')} inputMode="numeric" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Autocomplete
              {...field('countyOrParish')}
              required
              onChange={(v) => setField('countyOrParish', v)}
              data={[...new Set(counties.options.map((c) => c.value))]}
              filter={passAll}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...field('subdivisionName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...field('universalPropertyId')} readOnly />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput {...field('latitude')} readOnly />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput {...field('longitude')} readOnly />
          </Grid.Col>
        </Grid>
      </Fieldset>
    </>
  );
}
