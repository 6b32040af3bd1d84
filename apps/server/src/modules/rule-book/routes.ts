import {
  envelope,
  envelopeSchema,
  idParamSchema,
  RULE_BOOK_MESSAGES as M,
  noResultsSchema,
  ruleBookSchema,
  ruleSchema,
  ruleViewSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { mayEditRuleBook, mayReadRuleBook } from './policy';
import { presentRule } from './presenter';
import { changeRule, createRule, readRuleBook, removeRule, ruleOfPath } from './service';

const tags = ['rule-book'];

/** The MLS's rule book and fine ladders (issue 30 section 1, decision 1090). */
export async function ruleBookRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/RuleBook',
    guard: allow('rule-book.read', mayReadRuleBook),
    summary: 'The rule book: every rule with its fine ladder, window and time to correct (association and MLS staff)',
    tags,
    response: envelopeSchema(ruleBookSchema),
    handler: async ({ db, viewer }) => envelope([await readRuleBook(db, viewer)]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/RuleBook/:id',
    guard: can('rule-book.read', ruleOfPath, undefined, { allow: mayReadRuleBook }),
    summary: 'One rule of the rule book',
    tags,
    response: envelopeSchema(ruleViewSchema),
    params: idParamSchema,
    handler: async ({ row }) => envelope([presentRule(row)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/RuleBook',
    guard: allow('rule-book.create', mayEditRuleBook),
    summary: 'Adds a rule (MLS staff); the ladder is judged as a whole, each problem a field error',
    tags,
    response: envelopeSchema(ruleViewSchema),
    body: ruleSchema,
    bodyLimit: 16_384,
    handler: async ({ db, viewer, body, reply }) => {
      const rule = await createRule(db, viewer, body);
      reply.code(201);
      return envelope([rule], M.created(rule.number));
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/RuleBook/:id',
    guard: can('rule-book.update', ruleOfPath, undefined, { allow: mayEditRuleBook }),
    summary: 'Saves a rule over the version loaded (MLS staff); another save in between is a 409 (RULE_STALE)',
    tags,
    response: envelopeSchema(ruleViewSchema),
    params: idParamSchema,
    body: ruleSchema,
    bodyLimit: 16_384,
    handler: async ({ db, viewer, row, body }) => {
      const rule = await changeRule(db, viewer, row, body);
      return envelope([rule], M.updated(rule.number));
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/RuleBook/:id',
    guard: can('rule-book.delete', ruleOfPath, undefined, { allow: mayEditRuleBook }),
    summary: 'Removes a rule from the rule book (MLS staff)',
    tags,
    response: noResultsSchema,
    params: idParamSchema,
    handler: async ({ db, row }) => {
      await removeRule(db, row);
      return envelope([], M.deleted(row.number));
    },
  });
}
