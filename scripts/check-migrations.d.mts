// Types of scripts/check-migrations.mjs for its test (apps/server/src/db/migration-history.test.ts).
export const MIGRATIONS_PATH: string;
export const EDITED_BEFORE_THE_CHECK: Record<string, string>;
export function checksum(text: string): string;
export function checkMigrationHistory(options: { root: string; base?: string; allowed?: Record<string, string>; unshallow?: boolean }): {
  status: 'ok' | 'changed' | 'unchecked';
  lines: string[];
  checked: number;
  ref?: string;
};
