export { findRule, type RuleRow } from './repository';
export { ruleBookRoutes } from './routes';
