import { type BusinessCalendar, createBusinessCalendar, type ExemptionRules } from '@portico/shared';
import { useMemo } from 'react';
import { useBusinessCalendar } from '../../compliance/index';
import { useExemptionRules } from '../api';

/** The MLS's exemption rules and its business-day calendar, as the server counts with them (decision 1050). */
export function useExemption(): { rules: ExemptionRules | null; calendar: BusinessCalendar | null } {
  const rules = useExemptionRules();
  const answer = useBusinessCalendar();
  const calendar = useMemo(() => (answer.data ? createBusinessCalendar(answer.data) : null), [answer.data]);
  return { rules: rules.data ?? null, calendar };
}
