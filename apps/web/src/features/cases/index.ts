export { CasesPage } from './CasesPage';
export { MemberInsightsPanel, type MemberInsightsPanelProps } from './MemberInsightsPanel';
