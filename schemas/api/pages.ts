/**
 * The organisation's pages of §7: `GET /{orgId}/helpAndAnswer?type` (a help tip's sanitised HTML),
 * `GET /{orgId}/banner` (an image: no JSON answer) and `GET /public/legal/{page}` (HTML).
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { HELP_TYPES } from '../helpTypes.ts';
import { LANGUAGES } from '../languages.ts';

export { OrgIdParams as HelpAndAnswerParams, OrgIdParams as BannerParams } from './common.ts';

/**
 * `?type=`: one of the help types of §2; `&lang=` (optional, issue 11): the member's language, for a
 * tip the organisation gave in that language.
 */
export const HelpAndAnswerQuery = Type.Object({
  type: Type.Enum([...HELP_TYPES]),
  lang: Type.Optional(Type.Enum(LANGUAGES.map((language) => language.lang))),
});
export type HelpAndAnswerQuery = Static<typeof HelpAndAnswerQuery>;

/**
 * The help tip's content, sanitised by the server; null when the organisation wrote none. `lang`: the
 * language it is written in (the one asked for when the organisation gave the tip in it, else the
 * organisation's defaultLanguage), for the page to mark it with (issue 11).
 */
export const HelpAndAnswer = Type.Object({ content: Type.Union([Type.String(), Type.Null()]), lang: Type.String() });
export type HelpAndAnswer = Static<typeof HelpAndAnswer>;

/** `GET /{orgId}/banner`: the organisation's image, as uploaded (its own media type). */
export const BannerImage = Type.String({ format: 'binary' });

/** The footer's default legal pages. */
export const LegalPageParams = Type.Object({ page: Type.Enum(['terms.html', 'privacy.html']) });
export type LegalPageParams = Static<typeof LegalPageParams>;

/** A legal page: the static HTML of public/legal/. */
export const LegalPage = Type.String();

/** `GET /sw.js`: the service worker of the public alert pages (public/sw.js). */
export const ServiceWorkerScript = Type.String();
