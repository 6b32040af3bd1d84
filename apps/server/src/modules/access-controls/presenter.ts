import type { AccessControlRule } from '@portico/shared';

export const presentAccessRule = (r: AccessControlRule) => ({
  id: r.id,
  type: r.type,
  name: r.name,
  key: r.key,
  value: r.value,
  action: r.action,
  operator: r.operator,
});
