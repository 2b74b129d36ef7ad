/**
 * The registration calls of §7:
 * - `GET /{orgId}/signup/checkUsername?username` → true when the name is free (§5);
 * - `GET /rest/registration/settings?orgId` → what the sign-up page needs of the organisation;
 * - `POST /rest/registration/signUp?orgId[&invitation]` → body `{ userDetail: SignUpPayload }` (JSON,
 *   eb-base64 JSON, or the form field userDetail holding JSON text) → the new account;
 * - `GET /rest/registration/userInfo?orgId&invitation` → §3 Private user info of an invited contact.
 *
 * The §3 "Account creation payload" is defined here, once: schemas/signUp/payload.ts derives its
 * TypeScript interfaces from these schemas, the server validates the body with them. The shapes are
 * only shapes: the rules are the sign-up form's (§5), so limits here are generous and a too-long
 * value gets the form's own message. Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { USERNAME_PATTERN, type SECURITY_QUESTIONS } from '../forms/commonFields.ts';
import { LIMITS } from '../rules/limits.ts';
import { OrgId, Text } from './common.ts';

export { OrgIdParams as CheckUsernameParams, OrgIdQuery as RegistrationSettingsQuery } from './common.ts';

/** §3 contact paths of a payload: e-mail is pathId 1; SMS, phone and Slack take theirs from the settings. */
export const SignUpContactPath = Type.Object({
  pathId: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  pathType: Type.Unsafe<'EMAIL' | 'SMS' | 'PHONE' | 'SLACK'>({ type: 'string', enum: ['EMAIL', 'SMS', 'PHONE', 'SLACK'] }),
  value: Text(200),
  /** ISO 3166 alpha-2, phone paths only. */
  countryCode: Type.Optional(Text(8)),
  /** The phone "use as is" bypass (§4). */
  noValidate: Type.Optional(Type.Boolean()),
});
export type SignUpContactPath = Static<typeof SignUpContactPath>;

export const SignUpContactPaths = Type.Array(SignUpContactPath, { maxItems: 20 });

const Coordinate = Type.Unsafe<number | null>({ type: ['number', 'null'] });

/**
 * §3 `contactAddressVo` (the `slack` member of §3's list travels as a SLACK contact path instead).
 * The browser sends every member; the wire accepts any of them missing (`required: []`), as it always
 * has, and the server reads each defensively (schemas/signUp/fromPayload.ts).
 */
export const ContactAddressVo = Type.Object({
  pristineLocationName: Text(200),
  locationName: Text(200),
  country: Text(8),
  streetAddress: Text(400),
  suite: Text(200),
  city: Text(200),
  state: Text(200),
  postalCode: Text(40),
  lon: Coordinate,
  lat: Coordinate,
  addressGeoCodingSource: Text(40),
  id: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
}, { required: [] });
export type ContactAddressVo = Static<typeof ContactAddressVo>;

/** §3 "Account creation payload", what the sign-up screen sends as `userDetail`. */
export const SignUpPayload = Type.Object({
  firstName: Text(1000),
  lastName: Text(1000),
  username: Text(1000),
  password: Text(1000),
  securityQuestion: Text(100),
  securityAnswer: Text(1000),
  preferredLanguage: Type.Optional(Text(20)),
  organizationId: Text(64),
  email: Text(1000),
  contactPaths: SignUpContactPaths,
  contactAddressVo: Type.Optional(ContactAddressVo),
  /** The terms box (§2): the server refuses a sign-up without it, as the browser does. */
  accept: Type.Boolean(),
});
export type SignUpPayload = Static<typeof SignUpPayload>;

const Digits = Type.String({ pattern: '^[0-9]{1,10}$' });

/** §1 invitation parameters of a private organisation's sign-up link; their meaning is checked by services/invitations.ts. */
export const InvitationParams = Type.Object({
  contactId: Digits,
  strOrgId: OrgId,
  strContactId: Digits,
  time: Type.String({ pattern: '^[0-9]{1,15}$' }),
  key: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});
export type InvitationParams = Static<typeof InvitationParams>;

/** signUp's query: the organisation and, for a private one, the invitation (all or none). */
export const SignUpQuery = Type.Object({ orgId: OrgId, ...Type.Partial(InvitationParams).properties });
export type SignUpQuery = Static<typeof SignUpQuery>;

export const SignUpBody = Type.Object({ userDetail: SignUpPayload });
export type SignUpBody = Static<typeof SignUpBody>;

/** signUp's answer: the new contact, signed in on a new session whose CSRF token comes along. */
export const SignUpAnswer = Type.Object({ contactId: Type.Integer(), CSRF_TOKEN_FOR_SESSION: Type.String() });
export type SignUpAnswer = Static<typeof SignUpAnswer>;

/** checkUsername's query: only a username the §5 pattern and length allow is looked up (400 otherwise). */
export const CheckUsernameQuery = Type.Object({
  username: Type.String({ minLength: LIMITS.username.min, maxLength: LIMITS.username.max, pattern: USERNAME_PATTERN }),
});
export type CheckUsernameQuery = Static<typeof CheckUsernameQuery>;

/** userInfo's query: the organisation and the whole invitation. */
export const UserInfoQuery = Type.Object({ orgId: OrgId, ...InvitationParams.properties });
export type UserInfoQuery = Static<typeof UserInfoQuery>;

/** One delivery path of §3 "Private user info" (deliverPathInfo). */
export const DeliverPathInfo = Type.Object({
  value: Type.String(),
  countryCode: Type.Optional(Type.String()),
  quietTimeFrame: Type.Optional(Type.Array(Type.Unknown())),
  noValidate: Type.Optional(Type.Boolean()),
});
export type DeliverPathInfo = Static<typeof DeliverPathInfo>;

const PathInfo = Type.Union([DeliverPathInfo, Type.Null()]);

/** §3 "Private user info: firstName, lastName, addresses, deliverPathInfo (emailInfo, phoneInfo, SMSInfo, slackInfo …)". */
export const PrivateUserInfo = Type.Object({
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  addresses: Type.Array(ContactAddressVo),
  deliverPathInfo: Type.Object({ emailInfo: PathInfo, phoneInfo: PathInfo, SMSInfo: PathInfo, slackInfo: PathInfo }),
});
export type PrivateUserInfo = Static<typeof PrivateUserInfo>;

/**
 * registration settings' answer: the organisation settings the sign-up page needs (their shapes are
 * those of schemas/orgSettings.ts, passed through as they are), the password policy and the §5
 * security questions.
 */
export const RegistrationSettings = Type.Object({
  orgId: Type.String(),
  isPublic: Type.Boolean(),
  minSignup: Type.Unknown(),
  signupEmailEditable: Type.Unknown(),
  signupEmailMandatory: Type.Unknown(),
  shouldShowPreferredLanguage: Type.Unknown(),
  showAddress: Type.Unknown(),
  addressSetting: Type.Unknown(),
  SMSSetting: Type.Unknown(),
  phoneSetting: Type.Unknown(),
  slackSetting: Type.Unknown(),
  showSlackDeliveryPath: Type.Unknown(),
  defaultCountry: Type.String(),
  passwordPolicy: Type.String(),
  securityQuestions: Type.Array(Type.Unsafe<(typeof SECURITY_QUESTIONS)[number]>(Type.String())),
}, { required: ['orgId', 'isPublic', 'defaultCountry', 'passwordPolicy', 'securityQuestions'] });
export type RegistrationSettings = Static<typeof RegistrationSettings>;
