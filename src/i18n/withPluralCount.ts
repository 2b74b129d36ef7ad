/**
 * i18next chooses a plural form (`key_one`, `key_few`, … by the language's CLDR rules) from the
 * option `count`. The spec's messages name their number after what it is: `count` (the contact-path
 * minimum, attempts left), `limit` (the length rules' ajv parameter) or `minutes` (the FedRAMP lock-out),
 * so the number is handed to i18next as `count` too, keeping the keys and parameters of the spec.
 */
export function withPluralCount<T extends Record<string, unknown>>(params: T): T & { count?: number } {
  if (typeof params.count === 'number') return params;
  const count = [params.limit, params.minutes].find((value): value is number => typeof value === 'number');
  return count === undefined ? params : { ...params, count };
}
