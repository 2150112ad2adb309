import { describe, expect, it } from 'vitest';
import { punishmentFormDefaults, punishmentFormSchema } from './punishment-form-schema';

const SUB = '11111111-1111-4111-8111-111111111111';
const messages = (result: ReturnType<ReturnType<typeof punishmentFormSchema>['safeParse']>) =>
  result.success ? [] : result.error.issues.map((i) => i.message);

describe('the Add New Punishment form', () => {
  it('asks for a title ("Missing information"), the first of the toasts', () => {
    const values = punishmentFormDefaults([]);
    expect(messages(punishmentFormSchema(true).safeParse(values))[0]).toBe('Missing information');
  });

  it('asks for a submissive when there are several, and not when there is one or none', () => {
    const values = { ...punishmentFormDefaults([]), title: 'Lines' };
    expect(messages(punishmentFormSchema(true).safeParse(values))).toEqual([
      'Please select a submissive partner',
    ]);
    const parsed = punishmentFormSchema(false).parse(values);
    expect(parsed).toMatchObject({
      assignedTo: null,
      severity: 'mild',
      timerEnabled: false,
      timerDuration: 15,
    });
    expect(punishmentFormSchema(false).parse({ ...values, assignedTo: SUB }).assignedTo).toBe(SUB);
  });

  it('sends the optional description, and refuses one over the schema limit', () => {
    const values = { ...punishmentFormDefaults([SUB]), title: 'Lines' };
    expect(punishmentFormSchema(false).parse(values).description).toBe('');
    expect(
      punishmentFormSchema(false).parse({ ...values, description: 'Kneel\nthen write' }).description,
    ).toBe('Kneel\nthen write');
    expect(punishmentFormSchema(false).safeParse({ ...values, description: 'x'.repeat(2001) }).success).toBe(
      false,
    );
  });

  it.each([0, 181, 2.5, Number.NaN])('refuses a timer of %s minutes', (timerDuration) => {
    const values = { ...punishmentFormDefaults([SUB]), title: 'Lines', timerEnabled: true, timerDuration };
    expect(messages(punishmentFormSchema(false).safeParse(values))).toEqual([
      'Timer duration must be a whole number of minutes from 1 to 180',
    ]);
  });

  it('ignores the duration field while the timer is off', () => {
    const values = { ...punishmentFormDefaults([SUB]), title: 'Lines', timerDuration: Number.NaN };
    expect(punishmentFormSchema(false).parse(values).timerDuration).toBe(15);
  });
});
