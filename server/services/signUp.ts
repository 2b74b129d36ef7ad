/**
 * The one sign-up use case (§2 new and new-profile, §7 `signUp` and the public-portal `register`):
 * who may sign up (a public organisation; a private one only through a valid invitation, §1; the
 * public portal through a profile token), the organisation's flags and the universal-profile rule,
 * the payload turned back into the sign-up form's data (schemas/signUp/fromPayload.ts) and validated
 * with the builder's schema (refusals carry the form's pointers and §5 keys), the server's password
 * rules, the hashes, and the account stored in one transaction. The unique indexes are the one
 * uniqueness check (repositories/accounts.ts): a username taken meanwhile is refused there.
 */
import type { FormFlags } from '../../schemas/forms/types.ts';
import { DEFAULT_LANGUAGE, isLanguageCode } from '../../schemas/languages.ts';
import type { SignUpFormData } from '../../schemas/signUp/formData.ts';
import { OUT_OF_AREA_KEYS } from '../../schemas/rules/geoFence.ts';
import { withinGeoFence } from '../../schemas/rules/withinGeoFence.ts';
import { publicRegisterFormData, signUpAddress, signUpContactPaths, signUpFormData } from '../../schemas/signUp/fromPayload.ts';
import type { InvitationParams, PublicProfile, PublicRegisterPayload, SignUpPayload } from '../../schemas/signUp/payload.ts';
import { universalProfileRedirect } from '../../schemas/universalProfile.ts';
import type { Db } from '../db/client.ts';
import { createAccount, type AccountRefusal, type NewAccount } from '../repositories/accounts.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { Organization } from '../repositories/organizations.ts';
import { findUsableProfileByTokenHash, type PublicProfileRow } from '../repositories/publicProfiles.ts';
import { checkSubmission } from './formSubmissions.ts';
import { validationFailure } from './formValidator.ts';
import { hasInvitation, invitedContact, type InvitedContact } from './invitations.ts';
import type { OrgCache } from './orgCache.ts';
import { organizationRefusal } from './organizationAccess.ts';
import { passwordRefusal } from './passwordChecks.ts';
import { hashPassword, hashSecurityAnswer } from './passwords.ts';
import { refuse, refuseField, refuseValidation, type Refusal } from './results.ts';
import { hashToken } from './tokens.ts';

/** §7 getPublicProfile's message for a token that stands for no profile. */
const PROFILE_NOT_FOUND = refuse(404, { errorCode: 'publicProfile.notFound', message: 'Failed to get public user information' });

/** The answer for an account that could not be stored (nothing was). */
function refusedAccount(reason: AccountRefusal): Refusal {
  switch (reason) {
    case 'username.taken': return refuseField('/username', 'ssp.login.username.exist', {}, 409);
    // §5 "unique per contact": an invited contact may have locations the organisation entered.
    case 'locationName.taken': return refuse(400, validationFailure([{ pointer: '/address/locationName', key: 'ssp.location.locationname.exist', params: {} }]));
    case 'invitation.used': return refuse(409, { errorCode: 'signup.invitation.used' });
    case 'publicProfile.used': return refuse(409, { errorCode: 'publicProfile.used' });
  }
}

/** The language a new account starts with: the one chosen in the form, else the session's, else §9's default. */
function newAccountLanguage(chosen: string | undefined, sessionLanguage: string | null | undefined): string {
  if (chosen && isLanguageCode(chosen)) return chosen;
  return isLanguageCode(sessionLanguage) ? sessionLanguage : DEFAULT_LANGUAGE;
}

export type SignUpRequest =
  /** §7 signUp: the organisation of the query (resolved and open to self-service), with or without an invitation. */
  | {
    variant: 'standard'; org: Organization; featureFlags: FeatureFlags; invitation: Partial<InvitationParams>; payload: SignUpPayload;
    sessionLanguage: string | null;
  }
  /** §7 register: the organisation is the one the profile token names. */
  | { variant: 'public'; payload: PublicRegisterPayload; sessionLanguage: string | null };

export type SignUpResult = { ok: true; orgId: string; contactId: number } | Refusal;

/** What sign-up reads: the database, and the organisations' settings and flags from the cache. */
export interface SignUpDeps {
  db: Db;
  orgCache: Pick<OrgCache, 'get'>;
}

/** The unexpired profile `token` stands for, with its organisation (not a disabled one) and its flags. */
async function profileOf(
  { db, orgCache }: SignUpDeps, token: string,
): Promise<{ profile: PublicProfileRow; org: Organization; featureFlags: FeatureFlags } | null> {
  const profile = await findUsableProfileByTokenHash(db, hashToken(token));
  if (!profile) return null;
  const data = await orgCache.get(profile.orgId);
  return data && !organizationRefusal(data.organization, { disabled: 'refuse' })
    ? { profile, org: data.organization, featureFlags: data.featureFlags }
    : null;
}

/** The public portal signs up as self-service (§2): 403 while the profile's organisation has enableSSP false. */
function selfServiceRefusal(org: Organization): Refusal | null {
  const refusal = organizationRefusal(org, { selfService: true });
  return refusal ? refuse(refusal.status, refusal.body) : null;
}

export function toPublicProfile(row: PublicProfileRow): PublicProfile {
  return { id: row.profileId, firstName: row.firstName, lastName: row.lastName, email: row.email ?? '', phone: row.phone ?? '', countryCode: row.countryCode ?? '' };
}

/** §7 getPublicProfile: the §3 Public profile a portal token stands for. */
export async function findPublicProfile(deps: SignUpDeps, token: string | undefined): Promise<{ ok: true; profile: PublicProfile } | Refusal> {
  const trimmed = token?.trim();
  if (!trimmed) return refuse(400, { errorCode: 'request.invalid', message: 'token not found' });
  const found = await profileOf(deps, trimmed);
  if (!found) return PROFILE_NOT_FOUND;
  const deactivated = selfServiceRefusal(found.org);
  if (deactivated) return deactivated;
  return { ok: true, profile: toPublicProfile(found.profile) };
}

/** Who is signing up, in which organisation, with which form: everything that differs between the two routes. */
type Applicant = {
  org: Organization;
  flags: FormFlags;
  formData: SignUpFormData;
  /** The e-mail address the organisation gave (invitation or profile), for a read-only e-mail field. */
  givenEmail: string | null;
  account: Pick<NewAccount, 'invitedContactId'> & { publicProfileId?: string };
};

async function applicantOf(deps: SignUpDeps, request: SignUpRequest): Promise<Applicant | Refusal> {
  const { db } = deps;
  if (request.variant === 'public') {
    const { payload } = request;
    const found = await profileOf(deps, payload.token.trim());
    if (!found) return PROFILE_NOT_FOUND;
    const { profile, org } = found;
    // A token of another organisation stands for no profile of this one.
    if (payload.organizationId !== org.orgId) return PROFILE_NOT_FOUND;
    const deactivated = selfServiceRefusal(org);
    if (deactivated) return deactivated;
    return {
      org,
      flags: { featureFlags: found.featureFlags, signUpVariant: 'public' },
      formData: publicRegisterFormData(org.settings, payload),
      givenEmail: profile.email,
      account: { publicProfileId: profile.profileId },
    };
  }

  const { org, payload } = request;
  // §2: a private organisation signs up only whom it invited; any invitation given must verify.
  let invited: InvitedContact | null = null;
  if (hasInvitation(request.invitation)) {
    const found = await invitedContact(db, org.orgId, request.invitation);
    if ('status' in found) return refuse(found.status, { errorCode: found.errorCode });
    invited = found.contact;
  } else if (!org.settings.isPublic) {
    return refuse(403, { errorCode: 'signup.notAllowed' });
  }
  // §2: with new accounts forced to the universal profile, the browser is sent there; so is the API.
  const flags: FormFlags = { featureFlags: request.featureFlags, signUpVariant: 'standard' };
  if (universalProfileRedirect(org.settings, flags.featureFlags, org.orgId) !== null) return refuse(403, { errorCode: 'signup.universalProfileOnly' });
  if (payload.organizationId !== org.orgId) {
    return refuse(400, { errorCode: 'request.invalid', message: 'userDetail.organizationId is not the orgId of the request' });
  }
  return {
    org, flags, formData: signUpFormData(org.settings, payload),
    givenEmail: invited ? invited.email : null,
    account: invited ? { invitedContactId: invited.contactId } : {},
  };
}

export async function signUp(deps: SignUpDeps, request: SignUpRequest): Promise<SignUpResult> {
  const { db } = deps;
  const applicant = await applicantOf(deps, request);
  if ('ok' in applicant) return applicant;
  const { org, flags, formData } = applicant;
  const hasGivenEmail = request.variant === 'public' || applicant.account.invitedContactId !== undefined;
  // A read-only e-mail (signupEmailEditable false) is the one the organisation gave.
  if (hasGivenEmail && !org.settings.signupEmailEditable) {
    delete formData.email;
    if (applicant.givenEmail) formData.email = applicant.givenEmail;
  }
  const checked = checkSubmission(org, 'signUp', 'signup', flags, formData);
  if (!checked.ok) return refuseValidation(checked.errors);
  const data = checked.data;
  const address = request.variant === 'public' ? null : signUpAddress(data);
  // §4 "with geofence the position is checked first": a place outside the organisation's area is
  // refused before anything is hashed or stored (the browser asked already; another client may not).
  if (address?.lat != null && address.lon != null && !withinGeoFence(org.settings, { latitude: address.lat, longitude: address.lon })) {
    return refuseField('/address', OUT_OF_AREA_KEYS.outOfRange);
  }

  let contact: NewAccount['contact'];
  if (request.variant === 'public') {
    // The token proves the person holds that profile, and no other.
    if (data.publicProfileId !== applicant.account.publicProfileId) return PROFILE_NOT_FOUND;
    contact = {
      username: null, passwordHash: null, firstName: data.firstName!, lastName: data.lastName!, email: data.email || null,
      preferredLanguage: newAccountLanguage(undefined, request.sessionLanguage), securityQuestion: null, securityAnswerHash: null,
      publicProfileId: applicant.account.publicProfileId,
    };
  } else {
    const username = data.username!;
    const password = data.password!;
    const refusal = passwordRefusal(password, username);
    if (refusal) return refuseField('/password', refusal);
    const [passwordHash, securityAnswerHash] = await Promise.all([hashPassword(password), hashSecurityAnswer(data.securityAnswer!)]);
    contact = {
      username, passwordHash, firstName: data.firstName!, lastName: data.lastName!, email: data.email || null,
      preferredLanguage: newAccountLanguage(data.preferredLanguage, request.sessionLanguage),
      securityQuestion: data.securityQuestion!, securityAnswerHash,
    };
  }

  const created = await createAccount(db, org.orgId, {
    ...(applicant.account.invitedContactId !== undefined ? { invitedContactId: applicant.account.invitedContactId } : {}),
    contact,
    contactPaths: signUpContactPaths(org.settings, data),
    address,
  });
  return created.ok ? { ok: true, orgId: org.orgId, contactId: created.contactId } : refusedAccount(created.refusal);
}
