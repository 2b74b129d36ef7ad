/**
 * The profile domain (§7 profile, contactPaths, checkexternalId; issue 12): what the profile page
 * reads of the member and the save of their profile and contact paths.
 *
 * The flags come from schemas/forms/memberFlags.ts, the derivation the admin preview draws with, so
 * the member's form is the preview's with their values. A save is rebuilt into the profile form's
 * data (schemas/profile/fromPayload.ts: read-only fields keep their stored values), validated with
 * the profile builder's schema in edit mode (checkSubmission: the browser's rules, §5 keys and
 * pointers), checked for the external id's uniqueness, and stored in one transaction that refuses a
 * save of an older version (409 `profile.conflict`, nothing changed). A stored save sends a code to
 * each e-mail, SMS and voice path it gave a new value (services/pathConfirmation.ts).
 */
import type { SaveProfileBody } from '../../schemas/api/profile.ts';
import { PHONE_PATH_TYPES } from '../../schemas/entities.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import { EXTERNAL_ID_TAKEN } from '../../schemas/forms/buildProfileSchema.ts';
import { FORM_BUILDERS } from '../../schemas/forms/formBuilders.ts';
import { contactPathDefinitionsOf, profileFlagsOf, type MemberProfileFacts } from '../../schemas/forms/memberFlags.ts';
import type { FormFlags } from '../../schemas/forms/types.ts';
import { LANGUAGES } from '../../schemas/languages.ts';
import { profileFormData, profileToStore } from '../../schemas/profile/fromPayload.ts';
import { formatPhoneForDisplay } from '../../schemas/rules/phoneNumber.ts';
import { TIME_ZONES } from '../../schemas/timeZones.ts';
import type { Db } from '../db/client.ts';
import type { Contact } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { findMemberProfile, isExternalIdTaken, saveMemberProfile } from '../repositories/profiles.ts';
import type { Captcha } from './captcha.ts';
import type { Delivery } from './delivery/createDelivery.ts';
import type { DeliveryLog } from './delivery/deliveryMessage.ts';
import { checkSubmission } from './formSubmissions.ts';
import { confirmationOf, sendCodesForChangedPaths } from './pathConfirmation.ts';
import { refuse, refuseValidation, type Refusal } from './results.ts';
import { testNotificationState } from './testNotification.ts';

/** The errorCode of a save of a version that is no longer the stored one (the screen asks the member to reload). */
export const PROFILE_CONFLICT = 'profile.conflict';

const NOT_FOUND = refuse(404, { errorCode: 'profile.notFound' });

/** What the flags of §3 depend on, of a stored contact. */
function factsOf(contact: Contact): MemberProfileFacts {
  return {
    firstName: contact.firstName, lastName: contact.lastName, middleInitial: contact.middleInitial, suffix: contact.suffix, externalId: contact.externalId,
    registered: contact.registered, isMigrated: contact.isMigrated, fromPublicPortal: contact.publicProfileId !== null,
    hasPassword: contact.passwordHash !== null, hasUsername: contact.username !== null,
  };
}

/**
 * The form flags the member's profile form is built with. Without the member's values: the builder
 * does not read them, and the validator cache (formSubmissions.ts) is keyed by the flags, so every
 * member of one kind shares one compiled form.
 */
function formFlagsOf(org: Organization, featureFlags: FeatureFlags, contact: Contact): FormFlags {
  const facts = { ...factsOf(contact), firstName: '', lastName: '', middleInitial: null, suffix: null, externalId: null };
  return { featureFlags, profile: profileFlagsOf(org.settings, facts), contactPaths: contactPathDefinitionsOf(org.settings), timeZones: [...TIME_ZONES] };
}

/** `GET /{orgId}/{contactId}/profile`: §3 Profile of the member; `captcha` says which one the test notification asks for. */
export async function readProfile(db: Db, captcha: Captcha, org: Organization, contactId: number) {
  const record = await findMemberProfile(db, org.orgId, contactId);
  if (!record) return NOT_FOUND;
  const { contact } = record;
  const test = await testNotificationState({ db, captcha }, org, contactId, record.profile.contactPaths, contact.preferredLanguage);
  return {
    ok: true as const,
    contactId: contact.contactId,
    username: contact.username,
    firstName: contact.firstName,
    lastName: contact.lastName,
    middleInitial: contact.middleInitial ?? '',
    suffix: contact.suffix ?? '',
    externalId: contact.externalId ?? '',
    email: contact.email ?? '',
    preferredLanguage: contact.preferredLanguage,
    timeZone: contact.timeZone ?? '',
    preferredLanguageList: LANGUAGES.map(({ lang, name, countryCode }) => ({ lang, name, countryCode })),
    ...profileFlagsOf(org.settings, factsOf(contact)),
    timezones: [...TIME_ZONES],
    // §3 defaults: the device's time frame is not used for quiet times; the registration link may
    // show (the page shows it only to unregistered, non-migrated members, §2).
    isUseDeviceTimeFrame: false,
    showRegistrationLink: true,
    // The account is linked to a public-portal (universal) profile.
    hasUniversalProfile: contact.publicProfileId !== null,
    // The member orders their paths (§2 reorder up/down); the contact-path answer lists them so.
    orderMemberPath: true,
    // §3 test notification (services/testNotification.ts): may one be sent now, was one, did the last fail.
    sendNotificationPermission: test.sendNotificationPermission,
    hasSentTestNotification: test.hasSentTestNotification,
    sendErrorMsg: test.sendErrorMsg,
    profileVersion: contact.profileVersion,
  };
}

/**
 * `GET /{orgId}/{contactId}/contactPaths`: every path the organisation defines with the member's
 * values; the member's paths first in their order, then the others in the organisation's order.
 */
export async function readContactPaths(db: Db, org: Organization, contactId: number) {
  const record = await findMemberProfile(db, org.orgId, contactId);
  if (!record) return NOT_FOUND;
  const definitions = contactPathDefinitionsOf(org.settings);
  const stored = new Map(record.profile.contactPaths.map((path) => [path.pathId, path]));
  const rank = new Map(record.profile.contactPaths.map((path, index) => [path.pathId, index]));
  const ordered = definitions
    .map((definition, index) => ({ definition, rank: rank.get(definition.pathId) ?? record.profile.contactPaths.length + index }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ definition }) => definition);
  return {
    ok: true as const,
    contactPaths: ordered.map((definition, sortOrder) => {
      const path = stored.get(definition.pathId);
      return {
        pathId: definition.pathId, type: definition.type, pathType: definition.type, name: definition.name,
        editable: definition.editable, mandatory: definition.mandatory, expose: definition.expose,
        ...(definition.pagerServices ? { pagerServices: definition.pagerServices } : {}),
        value: path?.value ?? '',
        // A phone number as people write it (the phone rules' formatting), so home needs no libphonenumber of its own.
        displayValue: !path ? '' : PHONE_PATH_TYPES.has(definition.type) ? formatPhoneForDisplay({ value: path.value, countryCode: path.countryCode ?? undefined, noValidate: path.noValidate }, org.settings.defaultCountry) : path.value,
        countryCode: path?.countryCode ?? null,
        noValidate: path?.noValidate ?? false,
        phoneExt: path?.phoneExt ?? null,
        pin: path?.pin ?? null,
        systemRequirement: path?.systemRequirement ?? null,
        waitTime: path?.waitTime ?? null,
        pathEnable: path ? path.pathEnable && path.value !== '' : false,
        sortOrder,
        quietTimeFrames: path?.quietTimeFrames ?? [],
        confirmed: path ? confirmationOf(org, path, record.confirmedKeys.get(definition.pathId) ?? null) : null,
      };
    }),
    unconfirmedPathsReceive: org.settings.contactPathConfirmation.unconfirmedPathsReceive,
    minContactPathNum: org.settings.minSignup,
    profileVersion: record.contact.profileVersion,
  };
}

export type SaveProfileResult = { ok: true; status: 'yes'; profileVersion: number; confirmationSent: number[] } | Refusal;

/** `POST /{orgId}/{contactId}/profile`: the member's profile and contact paths, all or nothing; then the codes of changed paths. */
export async function saveProfile(deps: { db: Db; delivery: Delivery; log?: DeliveryLog }, org: Organization, featureFlags: FeatureFlags, contactId: number, body: SaveProfileBody): Promise<SaveProfileResult> {
  const { db } = deps;
  const record = await findMemberProfile(db, org.orgId, contactId);
  if (!record) return NOT_FOUND;
  const { contact, profile: stored } = record;
  if (body.profileVersion !== contact.profileVersion) return refuse(409, { errorCode: PROFILE_CONFLICT, profileVersion: contact.profileVersion });

  const flags = formFlagsOf(org, featureFlags, contact);
  const form = FORM_BUILDERS.profile.build(org.settings, flags, 'edit').schema;
  const defaultCountry = org.settings.defaultCountry;
  const formData = profileFormData(form, flags.contactPaths ?? [], stored, body, defaultCountry);
  if (!formData.ok) return refuse(400, { errorCode: 'request.invalid', message: formData.message });
  const checked = checkSubmission(org, 'profile', 'edit', flags, formData.data);
  if (!checked.ok) return refuseValidation(checked.errors);

  const toStore = profileToStore(form, stored, checked.data, defaultCountry);
  const externalId = toStore.contact.externalId;
  const taken = refuseValidation([{ pointer: '/externalId', key: EXTERNAL_ID_TAKEN, params: {} }]);
  if (externalId && externalId !== contact.externalId && await isExternalIdTaken(db, org.orgId, externalId, contactId)) return taken;

  const saved = await saveMemberProfile(db, org.orgId, contactId, contact.profileVersion, toStore.contact, toStore.contactPaths);
  if (saved.ok) {
    const language = toStore.contact.preferredLanguage ?? contact.preferredLanguage;
    const confirmationSent = await sendCodesForChangedPaths(deps, org, contactId, stored.contactPaths, toStore.contactPaths, record.confirmedKeys, language);
    return { ok: true, status: 'yes', profileVersion: saved.profileVersion, confirmationSent };
  }
  if (saved.refusal === 'externalId.taken') return taken;
  return saved.profileVersion === null ? NOT_FOUND : refuse(409, { errorCode: PROFILE_CONFLICT, profileVersion: saved.profileVersion });
}

/** `GET …/profile/checkexternalId/json?externalId`: true when no other member of the organisation has it (an empty one is free). */
export async function isExternalIdFree(db: Db, org: Organization, contactId: number, externalId: string): Promise<boolean> {
  const trimmed = externalId.trim();
  return trimmed === '' || !(await isExternalIdTaken(db, org.orgId, trimmed, contactId));
}
