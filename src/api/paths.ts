/**
 * Every address of §7, once. Screens never write an address themselves; they call these.
 * Addresses whose calls arrive in later issues are listed already so the contract is in one place.
 */
const seg = encodeURIComponent;

export const paths = {
  // Boot (§7)
  changeLanguage: (lang: string) => `/changeLanguage/${seg(lang)}`,
  init: '/rest/init',
  initCsrf: '/rest/init/csrf',
  initAccount: '/rest/init/account',
  initCountries: '/rest/init/countries',
  featureFlags: '/featureFlags',
  i18n: (lang: string) => `/public/i18n/${seg(lang)}.json`,
  helpAndAnswer: (orgId: string) => `/${seg(orgId)}/helpAndAnswer`,
  banner: (orgId: string) => `/${seg(orgId)}/banner`,
  demoOrganizations: '/rest/demo/organizations',
  demoMails: '/rest/demo/mails',
  demoDeliveries: '/rest/demo/deliveries',

  // The admin live preview (issue 3; not a call of §7)
  adminLogin: '/admin/api/login',
  adminLogout: '/admin/api/logout',
  adminSession: '/admin/api/session',
  adminOrganizations: '/admin/api/orgs',
  adminSettings: (orgId: string) => `/admin/api/orgs/${seg(orgId)}/settings`,
  adminValidateForm: (orgId: string, form: string) => `/admin/api/orgs/${seg(orgId)}/forms/${seg(form)}/validate`,
  adminPreviewValidator: (orgId: string, form: string) => `/admin/api/orgs/${seg(orgId)}/forms/${seg(form)}/validator`,
  adminSettingsValidator: '/admin/api/forms/settings.js',
  adminSettingVersions: (orgId: string) => `/admin/api/orgs/${seg(orgId)}/settings/versions`,
  adminRevertSettings: (orgId: string, version: number) => `/admin/api/orgs/${seg(orgId)}/settings/versions/${version}/revert`,
  formValidator: (runtimeVersion: number, orgId: string, form: string, mode: string, schemaHash: string) =>
    `/forms/v${runtimeVersion}/${seg(orgId)}/${seg(form)}/${seg(mode)}/${seg(schemaHash)}.js`,
  adminInvitations: (orgId: string) => `/admin/api/orgs/${seg(orgId)}/invitations`,
  adminPublicProfiles: (orgId: string) => `/admin/api/orgs/${seg(orgId)}/publicProfiles`,
  adminAccessKeys: (orgId: string) => `/admin/api/orgs/${seg(orgId)}/accessKeys`,
  adminAccessKey: (orgId: string, keyId: string) => `/admin/api/orgs/${seg(orgId)}/accessKeys/${seg(keyId)}`,
  adminPublishingKeys: (orgId: string) => `/admin/api/orgs/${seg(orgId)}/publishingKeys`,
  adminPublishingKey: (orgId: string, keyId: string) => `/admin/api/orgs/${seg(orgId)}/publishingKeys/${seg(keyId)}`,

  // Communications, maps (§7)
  comms: (commsId: string) => `/rest/comms/${seg(commsId)}`,
  mapToken: '/rest/api/map/cas/token',

  // Registration and accounts (§7)
  registrationSettings: '/rest/registration/settings',
  signUp: '/rest/registration/signUp',
  registerPublic: '/mbr-portal/api/v1/register',
  userInfo: '/rest/registration/userInfo',
  publicProfile: '/mbr-portal/api/v1/getPublicProfile',
  statesAndCountries: '/rest/registration/statesAndCountries',
  checkUsername: (orgId: string) => `/${seg(orgId)}/signup/checkUsername`,
  login: '/manage/login',
  logout: (orgId: string) => `/logout/${seg(orgId)}`,
  ssoInfo: '/index/sso/info',
  homePage: '/index/homePage',
  forgotPasswordQuestion: (orgId: string) => `/${seg(orgId)}/forgotPassword/getQuestion`,
  forgotPasswordValidate: (orgId: string) => `/${seg(orgId)}/forgotPassword/validateForgetPassword`,
  forgotPasswordSendEmail: (orgId: string) => `/${seg(orgId)}/forgotPassword/sendEmail`,
  forgotPasswordValidateEmail: (orgId: string) => `/${seg(orgId)}/forgotPassword/validateEmail`,
  forgotPasswordValidateAnswer: (orgId: string) => `/${seg(orgId)}/forgotPassword/validateQuestionAnswer`,
  forgotPassword: (orgId: string) => `/${seg(orgId)}/forgotPassword`,
  forgotPasswordResetLink: (orgId: string) => `/${seg(orgId)}/forgotPassword/resetLink`,
  forgotUsernameValidateEmail: (orgId: string) => `/${seg(orgId)}/forgotUsername/validateEmail`,
  forgotUsernameSendEmail: (orgId: string) => `/${seg(orgId)}/forgotUsername/sendEmail`,
  changePasswordValidate: (orgId: string) => `/${seg(orgId)}/changePassword/validatePassword`,
  changePassword: (orgId: string) => `/${seg(orgId)}/changePassword`,
  deleteAccount: (orgId: string) => `/deleteAccount/${seg(orgId)}`,

  // The second step of a sign-in and Sign in with a passkey (issue 15; not calls of §7)
  pendingSignIn: (orgId: string) => `/${seg(orgId)}/signIn/pending`,
  pendingSignInCode: (orgId: string) => `/${seg(orgId)}/signIn/pending/code`,
  pendingSignInPasskeyOptions: (orgId: string) => `/${seg(orgId)}/signIn/pending/passkey/options`,
  pendingSignInPasskey: (orgId: string) => `/${seg(orgId)}/signIn/pending/passkey`,
  pendingSignInTotpSetup: (orgId: string) => `/${seg(orgId)}/signIn/pending/totp/setup`,
  pendingSignInTotp: (orgId: string) => `/${seg(orgId)}/signIn/pending/totp`,
  pendingSignInPasskeysOptions: (orgId: string) => `/${seg(orgId)}/signIn/pending/passkeys/options`,
  pendingSignInPasskeys: (orgId: string) => `/${seg(orgId)}/signIn/pending/passkeys`,
  passkeySignInOptions: (orgId: string) => `/${seg(orgId)}/signIn/passkey/options`,
  passkeySignIn: (orgId: string) => `/${seg(orgId)}/signIn/passkey`,

  // Geography (§7)
  geocode: '/getgeo/json',
  checkGeoFenceAddress: '/rest/registration/checkGeoFenceAddress',
  withinGeoFence: (orgId: string) => `/${seg(orgId)}/addresses/withinGeoFence`,

  // The member's own data (§7): /{orgId}/{contactId}/…
  addresses: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/addresses`,
  expectedLocations: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/addresses/expectedLocations`,
  expectedLocationSave: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/addresses/expectedLocation/createOrUpdate`,
  expectedLocationDelete: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/addresses/expectedLocation/delete`,
  validateLocationName: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/addresses/validatelocname`,
  profile: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/profile`,
  contactPaths: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/contactPaths`,
  checkExternalId: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/profile/checkexternalId/json`,
  pathConfirmationCode: (orgId: string, contactId: number, pathId: number) => `/${seg(orgId)}/${contactId}/contactPaths/${pathId}/confirmationCode`,
  pathConfirmation: (orgId: string, contactId: number, pathId: number) => `/${seg(orgId)}/${contactId}/contactPaths/${pathId}/confirmation`,
  testNotificationPermission: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/testNotification/permission`,
  testNotification: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/testNotification`,
  testNotificationChallenge: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/testNotification/challenge`,
  subscriptions: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/subscriptions`,
  groupSubscriptions: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/groupSubscriptions`,
  customFields: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/customFields`,
  groupMemberships: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/groupMemberships`,
  dataExport: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/export`,
  secondFactors: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/secondFactors`,
  totpSetup: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/secondFactors/totp/setup`,
  totp: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/secondFactors/totp`,
  passkeyOptions: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/secondFactors/passkeys/options`,
  passkeys: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/secondFactors/passkeys`,
  passkey: (orgId: string, contactId: number, passkeyId: string) => `/${seg(orgId)}/${contactId}/secondFactors/passkeys/${seg(passkeyId)}`,
  recoveryCodes: (orgId: string, contactId: number) => `/${seg(orgId)}/${contactId}/secondFactors/recoveryCodes`,

  // Incidents (§7)
  incidentGroups: '/rest/incident/subscription/contactIdAndGroupIds',
  incidentTopics: '/rest/incident/subscription/topics',
  incidentAssign: '/rest/incident/subscription/assign',
  incidentAlertSearch: (orgId: string) => `/member-portal-gateway/api/cmdb/lookup/${seg(orgId)}/subscriptions/alerts/search`,

  // Notifications, weather, events, pages, files (§7)
  notifications: '/rest/notif',
  notification: (id: string) => `/rest/notif/${seg(id)}`,
  notificationPage: '/rest/notif/page',
  weather: '/rest/weather',
  weatherAlert: (id: string) => `/rest/weather/${seg(id)}`,
  weatherPage: '/rest/weather/page',
  overview: (orgId: string) => `/${seg(orgId)}/overview`,
  faqs: (orgId: string) => `/${seg(orgId)}/faqs`,
  eventSignUp: (orgId: string) => `/nixle/eventSubscription/${seg(orgId)}/signUp`,
  eventList: (orgId: string) => `/nixle/eventSubscription/${seg(orgId)}/list`,
  event: (orgId: string, eventId: string) => `/nixle/eventSubscription/${seg(orgId)}/${seg(eventId)}`,
  eventPage: (orgId: string, eventId: string) => `/nixle/eventSubscription/${seg(orgId)}/${seg(eventId)}/page`,
  eventNotification: (orgId: string, notificationId: string) => `/nixle/eventSubscription/getNotificationDetail/${seg(orgId)}/${seg(notificationId)}`,
  publicDocuments: '/rest/files/public-documents',
  publicDocumentDownload: (id: string) => `/rest/files/download/${seg(id)}`,
  image: (fileId: string) => `/download/image/${seg(fileId)}`,
  attachment: (fileId: string, kind: 1 | 3) => `/download/attachment/${seg(fileId)}/${kind}`,

  // Remote modules (§7 static GETs)
  incidentManifest: '/static_mbr_incident_sub/static/manifest.json',
  crisisManifest: '/static_cm_mbr/cm-dashboard-manifest.json',
  travelManifest: '/static_trm_mbr/travel-manifest.json',
} as const;
