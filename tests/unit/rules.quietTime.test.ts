/**
 * §5 "Quiet time name required max 40 ('jquery.validation.maxlength,40'); at least one day
 * ('profile.quiet.time.days.required')"; §3 days 1-7 with Sunday first; §9 hours 0-23, minutes 0-59.
 * One frame (the dialog) and the list of frames a contact path embeds, each row through the
 * browser's and the server's validator alike.
 */
import { describe, expect, it } from 'vitest';
import { buildQuietTimeSchema, quietTimeFramesSchema } from '../../schemas/forms/buildQuietTimeSchema.ts';
import type { BuiltForm, FormSchema } from '../../schemas/forms/types.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

const springfield = fixtureOrgs.springfield;
const flags = { featureFlags: springfield.flags };
const form = buildQuietTimeSchema(springfield.settings, flags, 'edit');

const REQUIRED = 'jquery.validation.field.required';
const MAX = 'jquery.validation.maxlength';
const DAYS = 'profile.quiet.time.days.required';
const INVALID = 'jquery.validation.invalid';

const night = { name: 'Night', days: [1, 7], fromHour: 22, fromMin: 0, toHour: 6, toMin: 30 };
type Row = [string, Record<string, unknown>, [string, string][]];

const expectBoth = (built: BuiltForm, data: unknown, expected: [string, string][]) => {
  expect(keysOf(browserErrors(built, data))).toEqual(expected);
  expect(keysOf(serverErrors(built, data))).toEqual(expected);
};

describe('one quiet-time frame (§5 Quiet time)', () => {
  const rows: Row[] = [
    ['a night frame on weekends', night, []],
    ['a 24-hour frame, end equal to start', { ...night, allDay: true, toHour: 22, toMin: 0 }, []],
    ['every day, bounds of the clock', { ...night, days: [1, 2, 3, 4, 5, 6, 7], fromHour: 0, fromMin: 0, toHour: 23, toMin: 59 }, []],
    ['nothing', {}, [['/name', REQUIRED], ['/days', DAYS], ['/fromHour', REQUIRED], ['/fromMin', REQUIRED], ['/toHour', REQUIRED], ['/toMin', REQUIRED]]],
    ['no name', { ...night, name: undefined }, [['/name', REQUIRED]]],
    ['an empty name', { ...night, name: '' }, [['/name', REQUIRED]]],
    ['a name of spaces (trimmed)', { ...night, name: '   ' }, [['/name', REQUIRED]]],
    ['a name of 40', { ...night, name: 'q'.repeat(40) }, []],
    ['a name of 41', { ...night, name: 'q'.repeat(41) }, [['/name', MAX]]],
    ['no days', { ...night, days: undefined }, [['/days', DAYS]]],
    ['an empty day list', { ...night, days: [] }, [['/days', DAYS]]],
    ['day 0', { ...night, days: [0] }, [['/days/0', INVALID]]],
    ['day 8', { ...night, days: [1, 8] }, [['/days/1', INVALID]]],
    ['a day twice', { ...night, days: [2, 2] }, [['/days', INVALID]]],
    ["a day as text '1'", { ...night, days: ['1'] }, [['/days/0', INVALID]]],
    ['hour 23 and minute 59', { ...night, fromHour: 23, fromMin: 59 }, []],
    ['from hour 24', { ...night, fromHour: 24 }, [['/fromHour', INVALID]]],
    ['to hour -1', { ...night, toHour: -1 }, [['/toHour', INVALID]]],
    ['from minute 60', { ...night, fromMin: 60 }, [['/fromMin', INVALID]]],
    ['to minute 7.5', { ...night, toMin: 7.5 }, [['/toMin', INVALID]]],
    ['allDay as text', { ...night, allDay: 'yes' }, [['/allDay', INVALID]]],
  ];

  it.each(rows)('%s', (_name, data, expected) => expectBoth(form, data, expected));

  it("passes the limit 40 with 'jquery.validation.maxlength' (§5 'jquery.validation.maxlength,40')", () => {
    const [error] = serverErrors(form, { ...night, name: 'q'.repeat(41) });
    expect(error).toEqual({ pointer: '/name', key: MAX, params: { limit: 40, label: 'profile.quiet.time.name.label' } });
  });

  it('offers the days Sunday first, as 1 to 7', () => {
    const days = form.schema.properties?.days as FormSchema;
    expect((days.items as FormSchema).enum).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((form.uiSchema.days as Record<string, unknown>)['ui:enumNames']).toEqual([
      'profile.quiet.time.day.sunday', 'profile.quiet.time.day.monday', 'profile.quiet.time.day.tuesday', 'profile.quiet.time.day.wednesday',
      'profile.quiet.time.day.thursday', 'profile.quiet.time.day.friday', 'profile.quiet.time.day.saturday',
    ]);
  });

  it('is read-only in review mode and requires nothing', () => {
    const review = buildQuietTimeSchema(springfield.settings, flags, 'review');
    expect(review.schema.required).toBeUndefined();
    expectBoth(review, {}, []);
    const fields = Object.keys(review.schema.properties ?? {});
    expect(fields.filter((f) => (review.uiSchema[f] as { 'ui:readonly'?: boolean })['ui:readonly'] !== true)).toEqual([]);
    expect(buildQuietTimeSchema(springfield.settings, flags, 'signup')).toEqual(form);
  });
});

describe("a contact path's list of frames (quietTimeFramesSchema)", () => {
  const frames: BuiltForm = { schema: quietTimeFramesSchema(), uiSchema: { 'ui:widget': 'quietTime' } };
  const rows: [string, unknown[], [string, string][]][] = [
    ['no frames', [], []],
    ['two good frames', [night, { ...night, name: 'Lunch', days: [2, 3, 4, 5, 6], fromHour: 12, toHour: 13, toMin: 0 }], []],
    ['the second frame without days and with hour 24', [night, { ...night, days: [], toHour: 24 }], [['/1/days', DAYS], ['/1/toHour', INVALID]]],
    ['the first frame without a name', [{ ...night, name: '' }], [['/0/name', REQUIRED]]],
  ];

  it.each(rows)('%s', (_name, data, expected) => expectBoth(frames, data, expected));

  it('checks each frame with the dialog schema', () => {
    expect(quietTimeFramesSchema().items).toEqual(form.schema);
    expect(quietTimeFramesSchema('review').items).toEqual(buildQuietTimeSchema(springfield.settings, flags, 'review').schema);
  });
});
