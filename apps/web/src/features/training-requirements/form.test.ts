import { REQUIREMENT_MESSAGES as M, type Requirement, requirementSchema } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import { formErrorsOf, formValuesOf, NEW_REQUIREMENT, type RequirementFormValues, toRequirementInput } from './form';
import { enforcementText, periodText, whoText } from './format';

const MLS = { level: 5 as const };
const AOR = { level: 4 as const };

const ethics: Requirement = {
  id: 7,
  name: 'Code of Ethics',
  hours: 2.5,
  topicIds: [3],
  courseNumbers: ['NAR-COE-8'],
  memberTypes: [1, 2],
  associationIds: [4],
  newMembersFrom: '2025-01-01',
  period: { kind: 'cycle', start: '2025-01-01', end: '2027-12-31' },
  enforcement: { listingEntry: true, applications: 'chosen', applicationIds: [9] },
  aorId: null,
  canEdit: true,
};

/** The server's field errors for a request, as its error handler names them (the issue's path joined by dots). */
const serverErrors = (values: RequirementFormValues, viewer = MLS) => {
  const result = requirementSchema.safeParse(toRequirementInput(values, viewer));
  return result.success ? [] : result.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
};

describe('the requirement editor’s form', () => {
  it('sends back every field of a requirement it loaded, unchanged (MLS staff)', () => {
    const sent = requirementSchema.parse(toRequirementInput(formValuesOf(ethics), MLS));
    const { id, aorId, canEdit, ...contract } = ethics;
    expect(sent).toEqual(contract);
  });

  it('keeps each period kind’s fields apart and sends the chosen kind’s only', () => {
    const values = { ...formValuesOf(ethics), periodKind: 'joining' as const, withinDays: 30 };
    expect(requirementSchema.parse(toRequirementInput(values, MLS)).period).toEqual({ kind: 'joining', withinDays: 30 });
    expect(values.cycleStart).toBe('2025-01-01');
    expect(toRequirementInput({ ...values, periodKind: 'rolling', everyYears: 3 }, MLS).period).toEqual({ kind: 'rolling', everyYears: 3 });
  });

  it('sends no associations and no enforcement for association staff, and no application ids unless chosen', () => {
    const input = toRequirementInput(formValuesOf(ethics), AOR);
    expect(input.associationIds).toEqual([]);
    expect(input.enforcement).toEqual({ listingEntry: false, applications: 'none', applicationIds: [] });
    expect(toRequirementInput({ ...formValuesOf(ethics), applications: 'all' }, MLS).enforcement?.applicationIds).toEqual([]);
    expect(toRequirementInput({ ...formValuesOf(ethics), newMembersOnly: false }, MLS).newMembersFrom).toBeNull();
  });

  it('puts each of the server’s field errors beside a field of the form', () => {
    const bad: RequirementFormValues = {
      ...NEW_REQUIREMENT,
      hours: 0,
      courseNumbers: ['OK-1', 'not a number!'],
      cycleStart: '2027-12-31',
      cycleEnd: '2025-01-01',
      applications: 'chosen',
    };
    const errors = formErrorsOf(serverErrors(bad));
    expect(errors).toEqual({
      name: M.nameRequired,
      hours: M.hoursRange,
      courseNumbers: M.courseNumberFormat,
      cycleEnd: M.cycleOrder,
      applicationIds: M.chosenApplicationsRequired,
    });
    for (const field of Object.keys(errors)) expect(Object.keys(NEW_REQUIREMENT)).toContain(field);
    expect(
      formErrorsOf(serverErrors({ ...NEW_REQUIREMENT, name: 'X', courseNumbers: ['A'], periodKind: 'rolling', everyYears: 11 })),
    ).toEqual({
      everyYears: M.everyYears,
    });
  });

  it('leaves the first message of a field and names the fields that are the server’s own', () => {
    expect(
      formErrorsOf([
        { field: 'topicIds', message: 'first' },
        { field: 'topicIds', message: 'second' },
        { field: 'enforcement', message: M.enforcementMlsOnly },
        { field: 'period.start', message: M.cycleStart },
      ]),
    ).toEqual({ topicIds: 'first', enforcement: M.enforcementMlsOnly, cycleStart: M.cycleStart });
  });
});

describe('a requirement in words', () => {
  it('says the period, who and what an overdue member loses', () => {
    expect(periodText(ethics.period)).toBe('Cycle 01-01-2025 to 12-31-2027');
    expect(periodText({ kind: 'rolling', everyYears: 1 })).toBe('Every year (rolling)');
    expect(periodText({ kind: 'joining', withinDays: 30 })).toBe('Within 30 days of joining');
    expect(whoText(ethics, (id) => `AOR${id}`)).toBe('Agent, Broker of AOR4; joined on or after 01-01-2025');
    expect(whoText({ memberTypes: [], associationIds: [], newMembersFrom: null }, String)).toBe('All member types of all associations');
    expect(enforcementText(ethics.enforcement)).toBe('Listing entry and 1 application');
    expect(enforcementText({ listingEntry: false, applications: 'all', applicationIds: [] })).toBe('Every application');
    expect(enforcementText({ listingEntry: false, applications: 'none', applicationIds: [] })).toBe('Nothing');
  });
});
