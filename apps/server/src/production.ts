import type { Config } from './config';
import { parseSecretKey } from './lib/secret-box';

/**
 * What production needs before it may start (issue 18 §2, decision 0940): each missing piece as one line an operator
 * can act on. Empty outside production.
 */
export function productionProblems(config: Config): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!config.publicUrl.startsWith('https://')) problems.push("PUBLIC_URL must be the portal's https:// address");
  if (!config.smtpUrl) problems.push('SMTP_URL must name the mail transport (smtp:// or smtps://)');
  if (config.mediaStorage.kind === 's3' && !config.mediaStorage.bucket) {
    problems.push('S3_BUCKET must name the bucket of the uploaded media (MEDIA_STORAGE=s3)');
  }
  if (!config.secretKey) {
    problems.push('PORTICO_SECRET_KEY (or PORTICO_SECRET_KEY_FILE) must hold the key that seals the signing keys, not the development key');
  } else {
    try {
      parseSecretKey(config.secretKey);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return problems;
}

/** Raised when the server must not start; its message is the one line the server prints. */
export class StartRefused extends Error {}

export function assertProductionReady(config: Config): void {
  const problems = productionProblems(config);
  if (problems.length) throw new StartRefused(`Refusing to start in production: ${problems.join('; ')} (docs/operations.md)`);
}
