/**
 * §8 "Translation file not an object: logs 'i18n json format error', empty text"; §7 "translations,
 * \uXXXX decoded" (catalogues exported from older tools keep escapes as literal text).
 */
export type Catalogue = Record<string, string>;

const escaped = /\\u([0-9a-fA-F]{4})/g;

export function parseCatalogue(text: string): Catalogue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    console.error('i18n json format error');
    return {};
  }
  const catalogue: Catalogue = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') catalogue[key] = value.replace(escaped, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return catalogue;
}
