/**
 * The request shapes of the two sign-up calls (§3 "Account creation payload" and its public
 * variant), shape only: the rules are the form's (§5), so limits here are generous and a too-long
 * value gets the form's own message. Shared by routes/account/registration and
 * routes/account/publicProfile until schemas/api/ declares them.
 */
import { orgIdSchema } from './requestShapes.ts';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** §3 contact paths in a payload. */
export const contactPathsShape = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    required: ['pathId', 'pathType', 'value'],
    properties: {
      pathId: { type: 'integer', minimum: 0, maximum: 2147483647 },
      pathType: { type: 'string', enum: ['EMAIL', 'SMS', 'PHONE', 'SLACK'] },
      value: text(200),
      countryCode: text(8),
      noValidate: { type: 'boolean' },
    },
  },
} as const;

const coordinate = { type: ['number', 'null'] } as const;

const contactAddressVoShape = {
  type: 'object',
  properties: {
    pristineLocationName: text(200), locationName: text(200), country: text(8), streetAddress: text(400), suite: text(200),
    city: text(200), state: text(200), postalCode: text(40), lon: coordinate, lat: coordinate, addressGeoCodingSource: text(40),
    id: { type: ['integer', 'null'] },
  },
} as const;

/** §3 "Account creation payload" (schemas/signUp/payload.ts SignUpPayload). */
export const signUpPayloadShape = {
  type: 'object',
  required: ['firstName', 'lastName', 'username', 'password', 'securityQuestion', 'securityAnswer', 'organizationId', 'email', 'contactPaths', 'accept'],
  properties: {
    firstName: text(1000), lastName: text(1000), username: text(1000), password: text(1000), securityQuestion: text(100),
    securityAnswer: text(1000), preferredLanguage: text(20), organizationId: text(64), email: text(1000),
    contactPaths: contactPathsShape, contactAddressVo: contactAddressVoShape, accept: { type: 'boolean' },
  },
} as const;

/** §3 public variant of the creation payload (schemas/signUp/payload.ts PublicRegisterPayload). */
export const publicRegisterShape = {
  type: 'object',
  required: ['firstName', 'lastName', 'email', 'organizationId', 'contactPaths', 'publicProfileId', 'token'],
  properties: {
    firstName: text(1000), lastName: text(1000), email: text(1000), organizationId: text(64),
    contactPaths: contactPathsShape, publicProfileId: text(200), token: text(200),
  },
} as const;

const digits = { type: 'string', pattern: '^[0-9]{1,10}$' } as const;
/** §1 invitation parameters (InvitationParams); their meaning is checked by services/invitations.ts. */
export const invitationProperties = {
  contactId: digits,
  strOrgId: orgIdSchema,
  strContactId: digits,
  time: { type: 'string', pattern: '^[0-9]{1,15}$' },
  key: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
} as const;
