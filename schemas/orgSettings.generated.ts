/* Generated from org-settings.schema.json by `npm run gen:types`. Do not edit. */

/**
 * The §3 Organisation entity: every setting that decides what a member of one organisation sees. Defaults are the spec's.
 */
export interface OrgSettingsInput {
  /**
   * Display name; nothing renders without it (§2).
   */
  orgName: string;
  /**
   * A line shown under the name at the top of every page, as text (issue 11: Springfield's banner image held it as an image of text). Empty: none.
   */
  orgSubtitle?: string;
  /**
   * A disabled organisation has no routes: every page is the not-found page (§2).
   */
  disabled?: boolean;
  /**
   * The organisation has a banner image at GET /{orgId}/banner.
   */
  hasBanner?: boolean;
  /**
   * Public organisations are open to sign-up; private ones need an invitation (§1).
   */
  userStatus?: 'public' | 'private';
  /**
   * Public organisation (mirrors userStatus public).
   */
  isPublic?: boolean;
  /**
   * The organisation runs a public portal beside the member portal.
   */
  usePublicPortal?: boolean;
  /**
   * The public portal and the universal profile (§2 sign-up redirects).
   */
  publicPortal?: {
    status?: 'Enabled' | 'Disabled';
    /**
     * Address of the public portal; the 'back to portal' link goes there (portal-home when empty).
     */
    url?: string;
    /**
     * Where new accounts are sent when PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP is on.
     */
    universalProfileUrl?: string;
  };
  /**
   * Single sign-on is enabled: login/sso exists (§2).
   */
  enabledSSO?: boolean;
  /**
   * Single sign-on (issue 15): the identity providers members may sign in with while enabledSSO is on; more than one shows a choice (discovery).
   *
   * @maxItems 5
   */
  ssoProviders?: SsoProvider[];
  /**
   * A first single sign-on whose e-mail is that of an invited contact who has not signed up yet becomes that contact, instead of a new one.
   */
  ssoLinkInvitedByEmail?: boolean;
  /**
   * The self-service portal is on; false shows the deactivated page on login, sign-up and recovery (§2).
   */
  enableSSP?: boolean;
  /**
   * FedRAMP customer: stricter password rules and lock-out (§5, §6).
   */
  isFedRAMPCustomer?: boolean;
  /**
   * Every member signs in with a second factor after the password (an authenticator app or a passkey; NIST SP 800-63B AAL2); a member without one adds one at their next sign-in (issue 15).
   */
  requireSecondFactor?: boolean;
  /**
   * Members may edit their first name.
   */
  editFirstName?: boolean;
  /**
   * Members may edit their last name.
   */
  editLastName?: boolean;
  /**
   * Members keep static locations (locations step, my-location).
   */
  showAddress?: boolean;
  /**
   * Weather alerts page and nav item.
   */
  showWeather?: boolean;
  /**
   * Incident chat module (incidents route).
   */
  showIncidents?: boolean;
  /**
   * Incident subscriptions on the subscriptions page.
   */
  showIncidentSub?: boolean;
  /**
   * The incident topics members may follow on the subscriptions page (shown when showIncidentSub is on): what §7's cmdb search answers as ebTopics. A topic with groups is offered only to members of one of those groups (by name); without, to every member. topicIds are unique (services/orgSettingsValidator.ts).
   *
   * @maxItems 100
   */
  incidentTopics?: IncidentTopic[];
  /**
   * Notification pages and nav item.
   */
  showNotificationsToMemberPortal?: boolean;
  /**
   * Share buttons on notifications (public organisations).
   */
  showNotificationsToMemberPortalSocialSharing?: boolean;
  /**
   * Event pages and nav item (a member's own flag wins when signed in).
   */
  showEvent?: boolean;
  /**
   * FAQ page and nav item.
   */
  showFAQs?: boolean;
  /**
   * Overview page and nav item.
   */
  showOverview?: boolean;
  /**
   * Crisis task container (cm/*, task).
   */
  showCrisisTask?: boolean;
  /**
   * Crisis single-event dashboard nav item.
   */
  showCrisisSingleEventDashboard?: boolean;
  /**
   * Crisis survey nav item (members only).
   */
  showCrisisSurvey?: boolean;
  /**
   * Public files library page and nav item.
   */
  showPublicFilesLibrary?: boolean;
  /**
   * Travel module (members only).
   */
  showTravel?: boolean;
  /**
   * Additional information (custom fields) step and page.
   */
  showCustomfield?: boolean;
  /**
   * §3 Custom field: the fields of the additional information step and page (shown when showCustomfield is on), in the order members see them. A field saved without attrId gets one from the server (services/orgSettings.ts: one more than any id the current settings and the kept versions use, so a restored version's ids still name its own fields); names and ids are unique in the organisation (services/orgSettingsValidator.ts).
   *
   * @maxItems 50
   */
  customFields?: CustomField[];
  /**
   * Alert subscriptions.
   */
  showAlertSubscription?: boolean;
  /**
   * §3 Subscriptions alert tree: the alert topics members may subscribe to (shown when showAlertSubscription is on), as a list whose items name their parent (parentServiceId), in the order members see them. serviceId is the topic's id in the organisation's notification system. The server checks that ids are unique, parents exist and form no cycle, the tree is at most 5 levels deep, and at most one topic is the Weather topic, a leaf with its categories (services/orgSettingsValidator.ts).
   *
   * @maxItems 200
   */
  alertSubscriptions?: AlertTopic[];
  /**
   * Group subscriptions.
   */
  showGroupSubscription?: boolean;
  /**
   * Time zone on weather do-not-disturb.
   */
  showAlertSubscriptionTimeZone?: boolean;
  /**
   * Profile section on home and review.
   */
  showProfile?: boolean;
  /**
   * Slack contact path.
   */
  showSlackDeliveryPath?: boolean;
  /**
   * §3 Profile sendNotificationPermission: whether members may send themselves a test notification (§6), and the Google reCAPTCHA site key that replaces the self-hosted proof-of-work captcha (only together with the server's RECAPTCHA_SECRET).
   */
  sendNotificationPermission?: {
    /**
     * Members may send a test notification to their paths.
     */
    permission?: boolean;
    /**
     * Google reCAPTCHA site key; empty: the self-hosted captcha.
     */
    recaptchaSiteKey?: string;
  };
  /**
   * §2 home tiles for HIPAA bridge and secure bridge (§3 Account hasHipaaBridge, hasSecureBridge, sbWebUri): each service's web address; a member sees a tile when the organisation has given them the service and its address is set.
   */
  secureMessaging?: {
    /**
     * The HIPAA Bridge web address; empty: no tile.
     */
    hipaaBridgeUrl?: string;
    /**
     * The Secure Bridge web address (§3 sbWebUri), opened in a new tab; empty: no tile.
     */
    secureBridgeUrl?: string;
  };
  /**
   * Confirmed contact paths (beyond the spec): a member who adds or changes an e-mail address, SMS or voice number gets a one-time code through that path and enters it to confirm the path.
   */
  contactPathConfirmation?: {
    /**
     * New and changed e-mail, SMS and voice paths are sent a code to confirm them.
     */
    required?: boolean;
    /**
     * Paths not confirmed yet still receive alerts (shown as not confirmed); off: they receive nothing until confirmed.
     */
    unconfirmedPathsReceive?: boolean;
  };
  /**
   * Language selector: none, the built-in selector of the 27 languages, or a third-party (Google) widget with its key (§1).
   */
  translation?: {
    type?: 'none' | 'built-in' | 'google';
    key?: string;
  };
  /**
   * The language the organisation writes its own texts in (name, help tips, path prompts): pages mark those texts with it (issue 11: organisation-provided text carries its own lang).
   */
  defaultLanguage?:
    | 'ar_SA'
    | 'da_DK'
    | 'de_DE'
    | 'el_GR'
    | 'en_GB'
    | 'en_US'
    | 'es_BO'
    | 'es_ES'
    | 'fi_FI'
    | 'fr_CA'
    | 'fr_FR'
    | 'ht_HT'
    | 'id_ID'
    | 'it_IT'
    | 'ja_JP'
    | 'ko_KR'
    | 'nl_NL'
    | 'no_NO'
    | 'pt_BR'
    | 'pt_PT'
    | 'ru_RU'
    | 'sv_SE'
    | 'th_TH'
    | 'tr_TR'
    | 'vi_VN'
    | 'zh_CN'
    | 'zh_TW';
  /**
   * §2 help tips given per language (issue 11): for a help type and a language, the tip members using that language see instead of the default one (written in defaultLanguage). Admin HTML, sanitised before it is shown.
   *
   * @maxItems 300
   */
  helpTranslations?: {
    lang:
      | 'ar_SA'
      | 'da_DK'
      | 'de_DE'
      | 'el_GR'
      | 'en_GB'
      | 'en_US'
      | 'es_BO'
      | 'es_ES'
      | 'fi_FI'
      | 'fr_CA'
      | 'fr_FR'
      | 'ht_HT'
      | 'id_ID'
      | 'it_IT'
      | 'ja_JP'
      | 'ko_KR'
      | 'nl_NL'
      | 'no_NO'
      | 'pt_BR'
      | 'pt_PT'
      | 'ru_RU'
      | 'sv_SE'
      | 'th_TH'
      | 'tr_TR'
      | 'vi_VN'
      | 'zh_CN'
      | 'zh_TW';
    type:
      | 'home'
      | 'my-profile'
      | 'my-location'
      | 'my-subscription'
      | 'my-additionalInformation'
      | 'login'
      | 'login/sso'
      | 'new'
      | 'new/account';
    content: string;
  }[];
  /**
   * The organisation has app recipients (mobile-app install banner).
   */
  isRecipientExist?: boolean;
  /**
   * The organisation offers the member mobile app.
   */
  memberApp?: boolean;
  /**
   * Incident chat: receipt transcripts.
   */
  enableReceiptTranscripts?: boolean;
  /**
   * Maps are drawn (location widget).
   */
  isEB360MapEnabled?: boolean;
  /**
   * Phone/SMS country codes are limited to countryCodes (§5).
   */
  isEnableCountryCodeForMemberPortal?: boolean;
  /**
   * Allowed ISO 3166 country codes when isEnableCountryCodeForMemberPortal is on (§5 'ssp.country.code.invalid').
   */
  countryCodes?: string[];
  /**
   * Addresses must lie inside the organisation's geofence: one of geoFences (§4 address verification).
   */
  hasGeoFanceSetting?: boolean;
  /**
   * The organisation's service area while hasGeoFanceSetting is on: a location is accepted when it lies inside one of these polygons (its boundary included).
   *
   * @maxItems 10
   */
  geoFences?: {
    /**
     * What the administrators call this area.
     */
    name: string;
    geometry: GeoJsonPolygon;
  }[];
  /**
   * Minimum number of filled contact paths at sign-up (§5 contact-path minimum).
   */
  minSignup?: number;
  /**
   * The e-mail field at sign-up is editable.
   */
  signupEmailEditable?: boolean;
  /**
   * The e-mail field at sign-up is mandatory.
   */
  signupEmailMandatory?: boolean;
  /**
   * The registration e-mail is mandatory in the profile.
   */
  emailMandatory?: boolean;
  SMSSetting?: PathSetting;
  phoneSetting?: PathSetting;
  slackSetting?: PathSetting;
  /**
   * §3 addressSetting: locations at sign-up and in the profile.
   */
  addressSetting?: {
    mandatory?: boolean;
    editable?: boolean;
    expectedLocEditable?: boolean;
    geocodingType?: 'Manual' | 'Automatic';
    defaultAddressGeoCodingSource?: 'Bing' | 'Google' | 'Nominatim' | 'Manual';
  };
  middleInitialsSetting?: FieldSetting;
  suffixSetting?: FieldSetting;
  externalIDSetting?: FieldSetting;
  /**
   * The preferred language field is shown.
   */
  shouldShowPreferredLanguage?: boolean;
  /**
   * Group-membership list on home.
   */
  groupMemberShipSetting?: {
    exposed?: boolean;
  };
  /**
   * §9 default country.
   */
  defaultCountry?: string;
  /**
   * Terms of use link in the footer (a built-in page when empty).
   */
  termsUrl?: string;
  /**
   * Privacy policy link in the footer (a built-in page when empty).
   */
  privacyUrl?: string;
  /**
   * Where members contact the organisation (a contact page); the not-found, not-authorized and deactivated pages link to it. Empty: none.
   */
  contactUrl?: string;
  /**
   * The organisation's e-mail address for members (§5's e-mail rule, §9's 80 characters at most; schemas/orgContact.ts); the not-found, not-authorized and deactivated pages offer it. Empty: none.
   */
  contactEmail?: string;
}
/**
 * One identity provider: SAML 2.0 (entityId, ssoUrl, certificate) or OpenID Connect (issuer, clientId; its client secret is kept apart from the settings), and which of its attributes or claims fill the member's fields.
 */
export interface SsoProvider {
  /**
   * Names the provider in the portal's addresses (/sso/{orgId}/{id}/…) and as idp of /index/sso/info: lower-case letters, digits and dashes.
   */
  id: string;
  /**
   * What members see: 'Sign in with {name}'.
   */
  name: string;
  /**
   * SAML 2.0 or OpenID Connect.
   */
  protocol: 'saml' | 'oidc';
  /**
   * SAML: where the identity provider publishes its metadata; the entity id, addresses and certificates left empty below are read from it (kept an hour).
   */
  metadataUrl?: string;
  /**
   * SAML: the identity provider's metadata itself (an EntityDescriptor), instead of its address.
   */
  metadataXml?: string;
  /**
   * SAML: the identity provider's entity id (the Issuer of its responses).
   */
  entityId?: string;
  /**
   * SAML: the identity provider's single sign-on address (HTTP-Redirect binding).
   */
  ssoUrl?: string;
  /**
   * SAML: the identity provider's single logout address (HTTP-Redirect binding); empty: the portal's logout ends only the portal's session.
   */
  sloUrl?: string;
  /**
   * SAML: the identity provider's signing certificate (PEM, or several for a rollover); assertions must be signed with its key.
   */
  certificate?: string;
  /**
   * SAML: sign the authentication and logout requests (RSA-SHA256) with the portal's key; its certificate is in the service-provider metadata.
   */
  signRequests?: boolean;
  /**
   * OpenID Connect: the issuer; its /.well-known/openid-configuration is read from there.
   */
  issuer?: string;
  /**
   * OpenID Connect: the portal's client id at the provider.
   */
  clientId?: string;
  /**
   * OpenID Connect: the scopes asked for, separated by spaces (openid is always asked).
   */
  scopes?: string;
  /**
   * The attribute or claim holding the first name; empty: given_name (OIDC) or givenName / urn:oid:2.5.4.42 (SAML).
   */
  firstNameAttribute?: string;
  /**
   * The attribute or claim holding the last name; empty: family_name (OIDC) or sn / surname / urn:oid:2.5.4.4 (SAML).
   */
  lastNameAttribute?: string;
  /**
   * The attribute or claim holding the e-mail address; empty: email (OIDC) or mail / email / urn:oid:0.9.2342.19200300.100.1.3 (SAML).
   */
  emailAttribute?: string;
  /**
   * The attribute or claim holding the member's external id (an employee or student number); empty: none.
   */
  externalIdAttribute?: string;
  /**
   * The attribute or claim holding a mobile number, kept as an SMS path of a new member; empty: phone_number (OIDC) or mobile / telephoneNumber (SAML).
   */
  phoneAttribute?: string;
}
export interface IncidentTopic {
  /**
   * The topic's id in the incident system: letters, digits, '.', '_' and '-'.
   */
  topicId: string;
  /**
   * The topic's label on the members' subscriptions page, in the organisation's language.
   */
  name: string;
  /**
   * Offered to members; an unpublished topic keeps its followers but is not offered.
   */
  published?: boolean;
  /**
   * The names of the groups whose members are offered the topic; empty: every member.
   *
   * @maxItems 50
   */
  groups?: string[];
}
export interface CustomField {
  /**
   * The field's label on the member's form, in the organisation's language (defaultLanguage).
   */
  name: string;
  /**
   * What a free field holds (§5: NUMBER at most 11 characters, a signed decimal; DATE YYYY-MM-DD). A list or multi-select field holds one of definedValues whatever its type.
   */
  dataType?: 'STRING' | 'DATE' | 'NUMBER';
  /**
   * F free entry, L one choice of a list, S any choices of a list (multi-select).
   */
  displayFormat?: 'F' | 'L' | 'S';
  /**
   * The choices of a list (L) or multi-select (S) field, in the order shown; at least one there. Not used by a free field.
   *
   * @maxItems 100
   */
  definedValues?: string[];
  /**
   * Members must fill it in (§5); only where they may edit it.
   */
  mandatory?: boolean;
  /**
   * Members may change it; off, it is shown read-only (§6: the section is editable only if some field is).
   */
  editable?: boolean;
  /**
   * The field's id (§3 attrId), given by the server when the field is first saved and never changed; members' saved values are kept under it.
   */
  attrId?: number;
}
export interface AlertTopic {
  /**
   * The topic's id in the organisation's notification system.
   */
  serviceId: number;
  /**
   * The topic's label on the members' subscriptions page, in the organisation's language.
   */
  name: string;
  /**
   * The serviceId of the topic this one is listed under; absent at the top level.
   */
  parentServiceId?: number;
  /**
   * Weather: the National Weather Service alerts of weatherCategoryList, with do-not-disturb times (§3 'type with Weather special').
   */
  type?: 'Standard' | 'Weather';
  /**
   * Every member is subscribed and cannot unsubscribe (§4 'mandatory checked items are disabled'); so is every topic under it.
   */
  mandatory?: boolean;
  /**
   * The Weather topic's categories members choose from (National Weather Service event codes); not used by a Standard topic.
   *
   * @maxItems 16
   */
  weatherCategoryList?: (
    | 'TOR'
    | 'TOA'
    | 'SVR'
    | 'SVA'
    | 'FFW'
    | 'FLW'
    | 'WSW'
    | 'BZW'
    | 'HWW'
    | 'EHW'
    | 'HUW'
    | 'TRW'
    | 'TSW'
    | 'FWW'
    | 'DSW'
    | 'SPS'
  )[];
}
/**
 * A GeoJSON Polygon geometry (RFC 7946 §3.1.6): the outer ring, then any holes; each ring closed (its last position is its first), positions as [longitude, latitude].
 */
export interface GeoJsonPolygon {
  type: 'Polygon';
  /**
   * @minItems 1
   * @maxItems 10
   */
  coordinates: [number, number][][];
}
/**
 * §3 SMSSetting/phoneSetting/slackSetting: how one contact path is offered at sign-up and in the profile.
 */
export interface PathSetting {
  /**
   * Server id of the delivery path (Slack uses a fixed pathId).
   */
  pathId: number;
  type:
    | 'EMAIL'
    | 'SMS'
    | 'PHONE'
    | 'TTYTDD'
    | 'PAGER'
    | 'FAX'
    | 'TA'
    | 'RECIP'
    | 'SLACK'
    | 'PLAINTEXTEMAIL'
    | 'NUMERICPAGER';
  mandatory?: boolean;
  editable?: boolean;
  exposed?: boolean;
  /**
   * Label shown for the path.
   */
  prompt?: string;
}
/**
 * §3 middleInitialsSetting/suffixSetting/externalIDSetting: is the field shown, editable, mandatory.
 */
export interface FieldSetting {
  mandatory?: boolean;
  edit?: boolean;
  expose?: boolean;
}
