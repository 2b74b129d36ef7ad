/**
 * What a service returns (issue 8 item 3): `{ ok: true, … }`, or a refusal carrying the §8 status
 * and the body the call answers (an `errorCode` message key, and the fields §7 names for the call).
 * Services never touch the reply; routes answer with http/answer.ts.
 */
import type { FieldError } from '../../schemas/forms/types.ts';
import { validationFailure } from './formValidator.ts';

export interface Refusal {
  ok: false;
  status: number;
  body: object;
}

export const refuse = (status: number, body: object): Refusal => ({ ok: false, status, body });

/** 400 `{ errorCode: 'validation', errors }` (plus the call's own fields, e.g. `status: 'failed'`): nothing was stored. */
export const refuseValidation = (errors: FieldError[], fields: object = {}): Refusal => refuse(400, { ...fields, ...validationFailure(errors) });

/** 400 refusing one field with one §5 message key, as the form shows it: `{ errorCode: key, errors: [{ pointer, key }] }`. */
export const refuseField = (pointer: string, key: string, fields: object = {}, status = 400): Refusal =>
  refuse(status, { ...fields, errorCode: key, errors: [{ pointer, key, params: {} }] });
