import { canEditRuleBook, canReadRuleBook } from '@portico/shared';

/** Association staff (level 4) read the rule book; MLS staff (level 5) change it (decision 1090). */
export const mayReadRuleBook = canReadRuleBook;
export const mayEditRuleBook = canEditRuleBook;
