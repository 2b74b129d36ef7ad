/**
 * The version of the runtime a precompiled form validator module is built against (validatorRuntime.ts),
 * in a file of its own so that naming a module's address (src/forms/validatorModule.ts) does not bring
 * the runtime itself into a page's first script. Bumped whenever the runtime's names change, so no
 * browser keeps a module cached for another runtime.
 */
export const VALIDATOR_RUNTIME_VERSION = 2;
