import { describe, expect, it } from 'vitest';
import { stepOfField, stepsWithErrors } from './wizard-steps';

describe('registered wizard steps', () => {
  it('puts every field on the step that asks for it', () => {
    expect(stepOfField('streetName')).toBe(0);
    expect(stepOfField('postalCode')).toBe(0);
    expect(stepOfField('listPrice')).toBe(1);
    expect(stepOfField('expirationDate')).toBe(1);
    expect(stepOfField('listAgentMlsId')).toBe(2);
    expect(stepOfField('offersEmail')).toBe(2);
  });
  it('finds the steps that still have errors', () => {
    expect([...stepsWithErrors({ city: 'City is required', listAgentMlsId: 'List Agent is required' })].sort()).toEqual([0, 2]);
    expect(stepsWithErrors({}).size).toBe(0);
  });
});
