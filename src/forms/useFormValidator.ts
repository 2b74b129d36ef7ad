import { useEffect, useState } from 'react';
import type { FormSchema } from '../../schemas/forms/types.ts';
import { loadFormValidator, PENDING, type FormValidator, type ValidatorSource } from './validator.ts';

export interface LoadedValidator {
  validator: FormValidator;
  /** 'loading' until the module is there; 'failed' when it cannot be had (then `validator` is PENDING for good). */
  state: 'loading' | 'ready' | 'failed';
}

/**
 * The validator of `schema` from `source`: at once when it is one already, else once its module is
 * loaded. A form whose validator cannot be loaded still draws and submits: the server's answer shows
 * the errors.
 */
export function useFormValidator(source: ValidatorSource, schema: FormSchema): LoadedValidator {
  const immediate = typeof source === 'object' ? source : null;
  const [loaded, setLoaded] = useState<{ source: ValidatorSource; schema: FormSchema; result: LoadedValidator } | null>(null);
  useEffect(() => {
    if (typeof source === 'object') return;
    let live = true;
    const load = typeof source === 'string' ? loadFormValidator(source, schema) : source();
    load.then(
      (validator) => {
        if (live) setLoaded({ source, schema, result: { validator, state: 'ready' } });
      },
      (error: unknown) => {
        console.warn('the form validator could not be loaded; the server checks the form', error);
        if (live) setLoaded({ source, schema, result: { validator: PENDING, state: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [source, schema]);
  if (immediate) return { validator: immediate, state: 'ready' };
  return loaded && loaded.source === source && loaded.schema === schema ? loaded.result : { validator: PENDING, state: 'loading' };
}
