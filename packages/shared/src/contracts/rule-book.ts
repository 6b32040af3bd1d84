import { z } from 'zod';
import { RULE_BOOK_LIMITS as L, LADDER_STEP_KINDS, ladderProblems, RULE_BOOK_MESSAGES as M, RULE_CATEGORIES } from '../domain/rule-book';

/**
 * The rule book (issue 30 section 1, decision 1090): `GET api/app/RuleBook`, `GET/PUT/DELETE api/app/RuleBook/:id`,
 * `POST api/app/RuleBook`.
 */

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const text = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const ladderStepSchema = z.object({
  kind: z.enum(LADDER_STEP_KINDS, { error: M.unknownStepKind }),
  amount: whole(0, L.maxFine, M.amountWhole),
  hearing: z.boolean().default(false),
});

export const ruleSchema = z
  .object({
    number: text(L.numberLength, M.numberRequired, M.numberFormat).regex(/^[0-9A-Za-z.()-]*$/, M.numberFormat),
    title: text(L.titleLength, M.titleRequired, M.titleLength),
    text: text(L.textLength, M.textRequired, M.textLength),
    category: z.enum(RULE_CATEGORIES, { error: M.unknownCategory }),
    windowMonths: whole(L.windowMonths.min, L.windowMonths.max, M.windowRange),
    correctionDays: whole(L.correctionDays.min, L.correctionDays.max, M.correctionRange),
    steps: z.array(ladderStepSchema, { error: M.stepsRequired }).max(L.maxSteps * 2, M.tooManySteps),
    /** The version the editor loaded (a PUT only): another's save in between is a 409. */
    version: z.coerce.number().int().min(1).optional(),
  })
  .superRefine((rule, ctx) => {
    for (const p of ladderProblems(rule.steps)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type RuleInput = z.input<typeof ruleSchema>;
export type RuleWrite = z.output<typeof ruleSchema>;

/** A rule as the API answers it. */
export const ruleViewSchema = z.object({
  id: z.number(),
  number: z.string(),
  title: z.string(),
  text: z.string(),
  category: z.enum(RULE_CATEGORIES),
  windowMonths: z.number(),
  correctionDays: z.number(),
  steps: z.array(z.object({ kind: z.enum(LADDER_STEP_KINDS), amount: z.number(), hearing: z.boolean() })),
  version: z.number(),
  updatedOn: z.string(),
  updatedBy: z.string().nullable(),
});
export type Rule = z.infer<typeof ruleViewSchema>;

/** The rule book: its rules in number order, and whether the viewer may change it (MLS staff). */
export const ruleBookSchema = z.object({ rules: z.array(ruleViewSchema), canEdit: z.boolean() });
export type RuleBook = z.infer<typeof ruleBookSchema>;
