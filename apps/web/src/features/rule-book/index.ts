export { RULE_BOOK_PATH, RuleBookPanel } from './RuleBookPanel';
