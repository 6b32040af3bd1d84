import { MESSAGES } from '@portico/shared';
import { ErrorPanel } from '../../ui/ErrorPanel';
import type { ApiError } from '../api';

export function MemberLoadError({ error }: { error: ApiError }) {
  return <ErrorPanel title={MESSAGES.requestProblem} message={MESSAGES.loadError(error.statusText || error.message)} />;
}
