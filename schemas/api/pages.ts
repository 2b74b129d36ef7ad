/**
 * The organisation's pages of §7: `GET /{orgId}/helpAndAnswer?type` (a help tip's sanitised HTML),
 * `GET /{orgId}/banner` (an image: no JSON answer) and `GET /public/legal/{page}` (HTML).
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { HELP_TYPES } from '../helpTypes.ts';

export { OrgIdParams as HelpAndAnswerParams, OrgIdParams as BannerParams } from './common.ts';

/** `?type=`: one of the help types of §2. */
export const HelpAndAnswerQuery = Type.Object({ type: Type.Enum([...HELP_TYPES]) });
export type HelpAndAnswerQuery = Static<typeof HelpAndAnswerQuery>;

/** The help tip's content, sanitised by the server; null when the organisation wrote none. */
export const HelpAndAnswer = Type.Object({ content: Type.Union([Type.String(), Type.Null()]) });
export type HelpAndAnswer = Static<typeof HelpAndAnswer>;

/** `GET /{orgId}/banner`: the organisation's image, as uploaded (its own media type). */
export const BannerImage = Type.String({ format: 'binary' });

/** The footer's default legal pages. */
export const LegalPageParams = Type.Object({ page: Type.Enum(['terms.html', 'privacy.html']) });
export type LegalPageParams = Static<typeof LegalPageParams>;

/** A legal page: the static HTML of public/legal/. */
export const LegalPage = Type.String();
