import { MESSAGES } from '@portico/shared';
import type { ApiError } from '../../core/api';
import { ErrorPanel } from '../../ui/ErrorPanel';

export function MemberLoadError({ error }: { error: ApiError }) {
  return <ErrorPanel title={MESSAGES.requestProblem} message={MESSAGES.loadError(error.statusText || error.message)} />;
}
