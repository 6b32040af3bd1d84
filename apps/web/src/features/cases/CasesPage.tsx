import { CASES_MESSAGES } from '@portico/shared';
import { useParams } from 'react-router';
import { PageTitle } from '../../ui/PageTitle';
import { MemberInsightsPanel } from './MemberInsightsPanel';

/** /cases and /cases/{insightId}: the Member Insights list with its Insight Detail slide-over. */
export function CasesPage() {
  const { insightId } = useParams();
  const id = insightId && /^\d+$/.test(insightId) ? Number(insightId) : null;
  return (
    <>
      <PageTitle title={CASES_MESSAGES.title} />
      <MemberInsightsPanel basePath="/cases" insightId={id} />
    </>
  );
}
