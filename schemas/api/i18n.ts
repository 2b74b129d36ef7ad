/**
 * The language calls of §7: `GET /public/i18n/{lang}.json?version` (a message catalogue, sent as
 * the file it is) and `POST /changeLanguage/{lang}` (§4: stored on the server, the cookie set).
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { LANGUAGES, type LanguageCode } from '../languages.ts';

/** `{lang}` of both calls: one of the §9 languages. */
export const LanguageParams = Type.Object({
  lang: Type.Unsafe<LanguageCode>(Type.Enum(LANGUAGES.map((language) => language.lang))),
});
export type LanguageParams = Static<typeof LanguageParams>;

/** `?version=` (the build id): a versioned catalogue address may be cached. */
export const CatalogueQuery = Type.Object({ version: Type.Optional(Type.String({ maxLength: 100 })) });
export type CatalogueQuery = Static<typeof CatalogueQuery>;

/**
 * The catalogue: flat message keys and their texts (public/i18n/{lang}.json). The server sends the
 * file's bytes as they are, so this schema describes the answer without serializing it.
 */
export const Catalogue = Type.Record(Type.String(), Type.String());
export type Catalogue = Static<typeof Catalogue>;

/** `POST /changeLanguage/{lang}` answer. */
export const ChangeLanguageAnswer = Type.Object({ status: Type.String(), language: Type.Optional(Type.String()) });
export type ChangeLanguageAnswer = Static<typeof ChangeLanguageAnswer>;
