import {
  buildRegisteredListingSchema,
  DEFAULT_MLS_TIME_ZONE,
  type ExemptionKind,
  enterHint,
  REGISTERED_LABELS as L,
  type RegisteredListing,
  type RegisteredListingField,
  type RegisteredListingForm,
  todayIso,
} from '@portico/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMlsZone } from '../../../core/member';
import { useExemptionRules } from '../api';

export type FormValues = Record<RegisteredListingField, string | number | boolean | null | undefined>;
export type FieldErrors = Partial<Record<string, string>>;

const EMPTY: Partial<FormValues> = { country: 'US', noMarketing: false };

/** The values a saved listing puts in the form (what the API accepts back). */
export function formValuesOf(listing: RegisteredListing | null, zone: string = DEFAULT_MLS_TIME_ZONE): Partial<FormValues> {
  if (!listing) return { ...EMPTY, listingContractDate: todayIso(zone) };
  const { id: _id, can: _can, isReadOnly: _ro, registeredStatus: _rs, statusDate: _sd, propertyAddress: _pa, ...rest } = listing;
  return rest as unknown as Partial<FormValues>;
}

/** Every error of the one shared schema, by field; `exemptionKinds`, once known, are the kinds the form may send. */
export function validate(
  values: Partial<FormValues>,
  zone: string = DEFAULT_MLS_TIME_ZONE,
  exemptionKinds?: readonly ExemptionKind[],
): FieldErrors {
  const result = buildRegisteredListingSchema(() => todayIso(zone), exemptionKinds).safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The member's edits carried onto a newer saved version (decision 0967): every field they changed since `base` keeps
 * their value, every other field takes the saved one, and the version becomes the saved one's.
 */
export function rebaseEdits(base: Partial<FormValues>, mine: Partial<FormValues>, saved: Partial<FormValues>): Partial<FormValues> {
  const edits = Object.fromEntries(Object.entries(mine).filter(([field, value]) => value !== base[field as RegisteredListingField]));
  return { ...saved, ...edits, version: saved.version };
}

export function useListingForm(listing: RegisteredListing | null) {
  const zone = useMlsZone();
  const [base, setBase] = useState<Partial<FormValues>>(() => formValuesOf(listing, zone));
  const [values, setValues] = useState<Partial<FormValues>>(() => formValuesOf(listing, zone));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  // What the server refused on a field at the last save ('No active member has this MLS ID.'), until that field changes.
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // The MLS's accepted exemptions, and the listing's own kind (kept when the policy drops it: decision 1050).
  const rules = useExemptionRules().data;
  const kinds = useMemo(
    () => (rules ? [...new Set([...rules.exemptionKinds, ...(listing ? [listing.exemptionKind] : [])])] : undefined),
    [rules, listing],
  );
  const errors = useMemo(() => validate(values, zone, kinds), [values, zone, kinds]);
  // A new listing starts with an exemption the MLS accepts: office exclusive where it may, else the first one.
  useEffect(() => {
    const first = rules?.exemptionKinds.includes('office-exclusive') ? 'office-exclusive' : rules?.exemptionKinds[0];
    if (!listing && first) setValues((v) => (v.exemptionKind ? v : { ...v, exemptionKind: first }));
  }, [rules, listing]);

  const setField = useCallback((field: RegisteredListingField, value: FormValues[RegisteredListingField]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // A start marketing date clears the no-marketing box; ticking the box clears the date (seed 001 section 4).
      if (field === 'startShowingDate' && value) next.noMarketing = false;
      if (field === 'noMarketing' && value) next.startShowingDate = null;
      return next;
    });
    setTouched((t) => new Set(t).add(field));
    setServerErrors((e) => (field in e ? { ...e, [field]: undefined } : e));
  }, []);

  const merge = useCallback((patch: Partial<FormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setTouched((t) => new Set([...t, ...Object.keys(patch)]));
  }, []);

  /** Props for a text-like input: its label, the 'Enter {label}' hint, and its error once touched. */
  const field = (name: RegisteredListingField & keyof typeof L) => ({
    label: L[name],
    placeholder: enterHint(L[name]),
    value: values[name] === null || values[name] === undefined ? '' : String(values[name]),
    onChange: (e: { currentTarget: { value: string } }) => setField(name, e.currentTarget.value),
    error: (showAll || touched.has(name) ? errors[name] : undefined) ?? serverErrors[name],
  });

  return {
    values,
    errors,
    isValid: Object.keys(errors).length === 0,
    setField,
    merge,
    field,
    showAllErrors: () => setShowAll(true),
    /** After a conflict: the listing as saved by someone else, with this member's edits on top. */
    rebase: (saved: RegisteredListing) => {
      const theirs = formValuesOf(saved, zone);
      setValues(rebaseEdits(base, values, theirs));
      setBase(theirs);
    },
    /** Puts the server's field errors of a refused save on their fields. */
    showServerErrors: (list: ReadonlyArray<{ field: string; message: string }>) =>
      setServerErrors(Object.fromEntries(list.map((e) => [e.field, e.message]))),
    form: values as RegisteredListingForm,
  };
}

export type ListingFormState = ReturnType<typeof useListingForm>;
