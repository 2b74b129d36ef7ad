/**
 * A form's precompiled validator module (src/forms/validator.ts) by its address, apart from the form
 * renderer: a screen names its module and starts loading it while the renderer's own script is still
 * on its way (issue 10 item 3 "a slow phone": one round trip off the login form's wait).
 */
import type { RJSFSchema } from '@rjsf/utils';
import { hashForSchema } from '@rjsf/utils';
import type createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { FormName } from '../../schemas/forms/formBuilders.ts';
import type { FormFlags, FormMode, FormSchema } from '../../schemas/forms/types.ts';
import type { ValidatorRuntime } from '../../schemas/forms/validatorRuntime.ts';
import { VALIDATOR_RUNTIME_VERSION } from '../../schemas/forms/validatorRuntimeVersion.ts';
import { formModules } from '../api/forms.ts';

/** What a compiled module's `createValidators(runtime)` answers: one validator per schema hash. */
export type ValidateFns = Parameters<typeof createPrecompiledValidator>[0];
export type CreateValidators = (runtime: ValidatorRuntime) => ValidateFns;

/**
 * The address of a built form's module (server: routes/public/forms): which form of which
 * organisation, built with which flags, and the hash of the schema the browser built, which the
 * server checks against its own build (a stale page gets 409 and validates on the server only).
 */
export function formValidatorUrl(orgId: string, name: FormName, mode: FormMode, flags: FormFlags, schema: FormSchema): string {
  return formModules.form(VALIDATOR_RUNTIME_VERSION, orgId, name, mode, hashForSchema(schema as RJSFSchema), flags);
}

/**
 * Imports a module by its address. The browser imports it (once: its module map keeps it by address);
 * the UI tests run in Node, whose loader takes no http: address, so there the same module text is
 * fetched and imported as a data: URL.
 */
export function importModule(url: string): Promise<{ default: CreateValidators }> {
  if (import.meta.env.MODE === 'test') {
    return fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return import(/* @vite-ignore */ `data:text/javascript;charset=utf-8,${encodeURIComponent(await response.text())}`) as Promise<{ default: CreateValidators }>;
    });
  }
  return import(/* @vite-ignore */ url) as Promise<{ default: CreateValidators }>;
}

/** Starts loading the module at `url` ahead of its form; a failure is the form's to handle when it asks. */
export function preloadValidatorModule(url: string): void {
  if (import.meta.env.MODE !== 'test') void importModule(url).catch(() => {});
}
