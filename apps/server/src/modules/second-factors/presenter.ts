import type { SecondFactor } from '@portico/shared';
import type { FactorRow } from './repository';

/** The only shape in which a factor leaves the server: never its secret. */
export function presentFactor(row: FactorRow): SecondFactor {
  return {
    secondFactorId: row.id,
    type: row.type,
    emailPhoneOrName: row.value,
    isEnabled: row.is_enabled,
    isFromMemberData: row.is_from_member_data,
  };
}
