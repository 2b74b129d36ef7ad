/**
 * Every route of §2 as data. The router (src/app/buildRoutes.tsx), the navigation bar
 * (src/app/navItems.ts), the guards, help tips and page titles are all generated from this list;
 * adding a screen is one entry here and one folder under src/screens/.
 *
 * Paths are relative to `/{orgId}`. The order matters only for the navigation bar (`nav.order`).
 */
import type { ComponentType } from 'react';
import type { Account } from './schemas/account.ts';
import type { FeatureFlags } from './schemas/featureFlags.ts';
import type { HelpType } from './schemas/helpTypes.ts';
import type { OrgSettings } from './schemas/orgSettings.ts';

/** Who may see a screen (§6): anyone, only visitors (members go home), only members (visitors go to login). */
export type Guard = 'any' | 'visitor' | 'member';

/** §2 "Progress bar order: profile, locations, subscriptions, information, review". */
export const PROGRESS_STEPS = ['profile', 'locations', 'subscriptions', 'information', 'review'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** What a screen's conditions may look at: the organisation, its flags, the member and the address. */
export interface ScreenContext {
  orgId: string;
  org: OrgSettings;
  flags: FeatureFlags;
  account: Account | null;
  query: URLSearchParams;
  /** §2: the `entryFromPublicPortal=true` cookie is set for this organisation. */
  entryFromPublicPortal: boolean;
}

export type Condition = (ctx: ScreenContext) => boolean;

export interface NavItem {
  labelKey: string;
  /** Position in the bar, lower first. */
  order: number;
  /** Shown only when this holds (§2 "Navigation items, each shown only when its flag is on"). */
  when: Condition;
}

export type ScreenModule = { default: ComponentType };

export interface Screen {
  id: string;
  /** Relative to /{orgId}; `*` matches the rest of the address. */
  path: string;
  titleKey: string;
  guard: Guard | ((ctx: ScreenContext) => Guard);
  /** The flag or condition that enables the screen; when it fails the screen is `otherwise`. */
  when?: Condition;
  /** Where a disabled screen goes: the first enabled of these screen ids, else not-found. */
  otherwise?: readonly string[];
  /** Redirect before rendering (relative to /{orgId}), e.g. task → cm/taskList. */
  redirect?: (ctx: ScreenContext) => string | null;
  /** Shows the deactivated page when the organisation has enableSSP false (§2). */
  selfService?: boolean;
  /** §2 entryFromPublicPortal cookie: set on portal-home/new-profile, removed on new/login. */
  publicPortalEntry?: 'set' | 'clear';
  nav?: NavItem;
  help?: HelpType;
  progressStep?: ProgressStep;
  load: () => Promise<ScreenModule>;
}

const isMember: Condition = (ctx) => ctx.account !== null;
const isPublicOrg: Condition = (ctx) => ctx.org.isPublic;
/** §6 "Notification pages need notifications shown, org not public and no member": private orgs need a login. */
const publicOrMember = (ctx: ScreenContext): Guard => (ctx.org.isPublic ? 'any' : 'member');
/** §2 "event (per-user flag for members, else org flag)". */
const eventsOn: Condition = (ctx) => (ctx.account ? (ctx.account.showEvent ?? ctx.org.showEvent) : ctx.org.showEvent);
const crisisOn: Condition = (ctx) =>
  ctx.org.showCrisisTask || ctx.org.showCrisisSingleEventDashboard || ctx.org.showCrisisSurvey;
/** §2 "a non-public organisation redirects to login unless the URL matches new?contactId={number}&referrer={value}". */
const isInvitation = (query: URLSearchParams): boolean =>
  /^\d+$/.test(query.get('contactId') ?? '') && (query.get('referrer') ?? '') !== '';

const placeholder = () => import('./src/screens/placeholder/PlaceholderScreen.tsx');

export const screens: readonly Screen[] = [
  // Sign-in and recovery (§2 login, login/sso, forgot-*, reset-password)
  {
    id: 'login', path: 'login', titleKey: 'page.title.login', guard: 'visitor', selfService: true,
    publicPortalEntry: 'clear', help: 'login',
    nav: { labelKey: 'nav.login', order: 90, when: (ctx) => !ctx.account && ctx.org.orgName !== '' },
    load: () => import('./src/screens/login/LoginScreen.tsx'),
  },
  {
    id: 'loginSso', path: 'login/sso', titleKey: 'page.title.loginSso', guard: 'visitor', selfService: true,
    when: (ctx) => ctx.org.enabledSSO, otherwise: ['login'], help: 'login/sso', load: placeholder,
  },
  {
    id: 'forgotUsername', path: 'forgot-username', titleKey: 'page.title.forgotUsername', guard: 'any', selfService: true,
    load: () => import('./src/screens/forgotUsername/ForgotUsernameScreen.tsx'),
  },
  {
    id: 'forgotPassword', path: 'forgot-password', titleKey: 'page.title.forgotPassword', guard: 'any', selfService: true,
    load: () => import('./src/screens/forgotPassword/ForgotPasswordScreen.tsx'),
  },
  {
    id: 'resetPassword', path: 'reset-password', titleKey: 'page.title.resetPassword', guard: 'any', selfService: true,
    load: () => import('./src/screens/resetPassword/ResetPasswordScreen.tsx'),
  },

  // Sign-up (§2 new, new-profile) and its steps
  {
    id: 'signUp', path: 'new', titleKey: 'page.title.signUp', guard: 'any', selfService: true,
    publicPortalEntry: 'clear', help: 'new',
    // §2 "a non-public organisation redirects to login unless …". The next rule of §2 (the flag forcing
    // new accounts to the universal profile) sends the browser to another site, which a redirect here
    // (relative to /{orgId}) cannot express: the screen follows it (schemas/universalProfile.ts).
    redirect: (ctx) => {
      // §2 "If a contactId exists, go to /{orgId}/home when from single sign-on, else to new/account/profile."
      if (ctx.account) return ctx.query.get('fromSSO') === 'true' ? 'home' : 'new/account/profile';
      return ctx.org.isPublic || isInvitation(ctx.query) ? null : 'login';
    },
    nav: {
      labelKey: 'nav.signUp', order: 91,
      when: (ctx) => !ctx.account && ctx.org.isPublic && ctx.query.get('from') !== 'member',
    },
    load: () => import('./src/screens/signUp/SignUpScreen.tsx'),
  },
  {
    id: 'signUpPublic', path: 'new-profile', titleKey: 'page.title.signUp', guard: 'any', selfService: true,
    publicPortalEntry: 'set', help: 'new', load: () => import('./src/screens/signUp/SignUpPublicScreen.tsx'),
  },
  {
    id: 'signUpProfile', path: 'new/account/profile', titleKey: 'page.title.profile', guard: 'member', selfService: true,
    help: 'new/account', progressStep: 'profile', load: placeholder,
  },
  {
    id: 'signUpLocations', path: 'new/account/mylocation', titleKey: 'page.title.locations', guard: 'member', selfService: true,
    when: (ctx) => ctx.org.showAddress, help: 'new/account', progressStep: 'locations', load: placeholder,
  },
  {
    id: 'signUpSubscriptions', path: 'new/account/subscriptions', titleKey: 'page.title.subscriptions', guard: 'member',
    selfService: true, help: 'new/account', progressStep: 'subscriptions', load: placeholder,
    when: (ctx) => ctx.org.showAlertSubscription || ctx.org.showGroupSubscription || ctx.org.showIncidentSub,
  },
  {
    id: 'signUpInformation', path: 'new/account/additionalInformation', titleKey: 'page.title.additionalInformation',
    guard: 'member', selfService: true, when: (ctx) => ctx.org.showCustomfield, help: 'new/account',
    progressStep: 'information', load: placeholder,
  },
  {
    id: 'signUpReview', path: 'new/account/review', titleKey: 'page.title.review', guard: 'member', selfService: true,
    help: 'home', progressStep: 'review', load: placeholder,
  },
  // §2 "edit-profile, edit-mylocation, edit-subscriptions, edit-additionalInformation are edit pages" (no progress bar)
  { id: 'signUpEditProfile', path: 'new/account/edit-profile', titleKey: 'page.title.profile', guard: 'member', selfService: true, help: 'new/account', load: placeholder },
  {
    id: 'signUpEditLocations', path: 'new/account/edit-mylocation', titleKey: 'page.title.locations', guard: 'member',
    selfService: true, when: (ctx) => ctx.org.showAddress, help: 'new/account', load: placeholder,
  },
  {
    id: 'signUpEditSubscriptions', path: 'new/account/edit-subscriptions', titleKey: 'page.title.subscriptions',
    guard: 'member', selfService: true, help: 'new/account', load: placeholder,
    when: (ctx) => ctx.org.showAlertSubscription || ctx.org.showGroupSubscription || ctx.org.showIncidentSub,
  },
  {
    id: 'signUpEditInformation', path: 'new/account/edit-additionalInformation', titleKey: 'page.title.additionalInformation',
    guard: 'member', selfService: true, when: (ctx) => ctx.org.showCustomfield, help: 'new/account', load: placeholder,
  },

  // Home and the member's own pages (§2 home, portal-home, my-*)
  {
    id: 'home', path: 'home', titleKey: 'page.title.home', guard: 'member', help: 'home',
    nav: { labelKey: 'nav.home', order: 0, when: isMember },
    load: () => import('./src/screens/home/HomeScreen.tsx'),
  },
  {
    id: 'portalHome', path: 'portal-home', titleKey: 'page.title.home', guard: 'member', help: 'home', publicPortalEntry: 'set',
    load: () => import('./src/screens/home/HomeScreen.tsx'),
  },
  { id: 'myProfile', path: 'my-profile', titleKey: 'page.title.profile', guard: 'member', help: 'my-profile', load: placeholder },
  {
    id: 'myLocation', path: 'my-location', titleKey: 'page.title.locations', guard: 'member', help: 'my-location',
    when: (ctx) => ctx.org.showAddress, load: placeholder,
  },
  {
    id: 'mySubscription', path: 'my-subscription', titleKey: 'page.title.subscriptions', guard: 'member', help: 'my-subscription',
    when: (ctx) => ctx.org.showAlertSubscription || ctx.org.showGroupSubscription || ctx.org.showIncidentSub,
    load: placeholder,
  },
  {
    id: 'myAdditionalInformation', path: 'my-additionalInformation', titleKey: 'page.title.additionalInformation',
    guard: 'member', help: 'my-additionalInformation', when: (ctx) => ctx.org.showCustomfield, load: placeholder,
  },

  // Notifications and weather (§2 notif, weather, alert; §4 tabs)
  {
    id: 'notifications', path: 'notif', titleKey: 'page.title.notifications', guard: publicOrMember,
    when: (ctx) => ctx.org.showNotificationsToMemberPortal, otherwise: ['weather', 'events'],
    nav: { labelKey: 'nav.notifications', order: 10, when: (ctx) => ctx.org.showNotificationsToMemberPortal && (isPublicOrg(ctx) || isMember(ctx)) },
    load: placeholder,
  },
  {
    id: 'notificationDetail', path: 'notif/:notificationId', titleKey: 'page.title.notifications', guard: publicOrMember,
    when: (ctx) => ctx.org.showNotificationsToMemberPortal, load: placeholder,
  },
  {
    id: 'weather', path: 'weather', titleKey: 'page.title.weather', guard: publicOrMember,
    when: (ctx) => ctx.org.showWeather, otherwise: ['notifications', 'events'],
    nav: { labelKey: 'nav.weather', order: 20, when: (ctx) => ctx.org.showWeather && (isPublicOrg(ctx) || isMember(ctx)) },
    load: placeholder,
  },
  {
    id: 'weatherDetail', path: 'weather/:weatherAlertId', titleKey: 'page.title.weather', guard: publicOrMember,
    when: (ctx) => ctx.org.showWeather, load: placeholder,
  },
  {
    id: 'alerts', path: 'alert', titleKey: 'page.title.notifications', guard: publicOrMember,
    redirect: (ctx) => (ctx.org.showNotificationsToMemberPortal ? 'notif' : ctx.org.showWeather ? 'weather' : 'event'),
    load: placeholder,
  },

  // Events (§2 event, event/{notificationId})
  {
    id: 'events', path: 'event', titleKey: 'page.title.events', guard: 'any', when: eventsOn,
    nav: { labelKey: 'nav.events', order: 30, when: eventsOn },
    load: placeholder,
  },
  { id: 'eventNotification', path: 'event/:notificationId', titleKey: 'page.title.events', guard: 'any', when: eventsOn, load: placeholder },

  // Incidents and chat (§2)
  {
    id: 'incidents', path: 'incidents', titleKey: 'page.title.incidents', guard: 'member', when: (ctx) => ctx.org.showIncidents,
    nav: { labelKey: 'nav.incidents', order: 40, when: (ctx) => isMember(ctx) && ctx.org.showIncidents },
    load: placeholder,
  },
  { id: 'incidentDetail', path: 'incidents/:id', titleKey: 'page.title.incidents', guard: 'member', when: (ctx) => ctx.org.showIncidents, load: placeholder },
  {
    id: 'chat', path: 'chat', titleKey: 'page.title.chat', guard: 'member',
    nav: { labelKey: 'nav.directoryChat', order: 45, when: (ctx) => ctx.account?.showDirectoryChat === true },
    load: placeholder,
  },

  // Critical events (§2 cm/*, task)
  {
    id: 'crisisTask', path: 'cm/taskList', titleKey: 'page.title.crisisTask', guard: 'member', when: (ctx) => ctx.org.showCrisisTask,
    nav: { labelKey: 'nav.crisisTask', order: 50, when: (ctx) => isMember(ctx) && ctx.org.showCrisisTask },
    load: placeholder,
  },
  {
    id: 'crisisDashboard', path: 'cm/dashboard', titleKey: 'page.title.crisisDashboard', guard: 'member',
    when: (ctx) => ctx.org.showCrisisSingleEventDashboard,
    nav: { labelKey: 'nav.crisisDashboard', order: 51, when: (ctx) => isMember(ctx) && ctx.org.showCrisisSingleEventDashboard },
    load: placeholder,
  },
  {
    id: 'crisisSurvey', path: 'cm/survey', titleKey: 'page.title.crisisSurvey', guard: 'member', when: (ctx) => ctx.org.showCrisisSurvey,
    nav: { labelKey: 'nav.crisisSurvey', order: 52, when: (ctx) => isMember(ctx) && ctx.org.showCrisisSurvey },
    load: placeholder,
  },
  { id: 'crisis', path: 'cm/*', titleKey: 'page.title.crisisTask', guard: 'member', when: crisisOn, load: placeholder },
  { id: 'task', path: 'task', titleKey: 'page.title.crisisTask', guard: 'member', redirect: () => 'cm/taskList', load: placeholder },

  // On-call schedule (§2 "an on-call schedule hash route"; the schedule itself lives behind the hash)
  {
    id: 'schedule', path: 'schedule', titleKey: 'page.title.schedule', guard: 'member',
    when: (ctx) => ctx.account?.showOnCallSchedule === true,
    nav: { labelKey: 'nav.schedule', order: 55, when: (ctx) => ctx.account?.showOnCallSchedule === true },
    load: placeholder,
  },

  // Organisation pages (§2 ov, faq, files, travel)
  {
    id: 'overview', path: 'ov', titleKey: 'page.title.overview', guard: 'any', when: (ctx) => ctx.org.showOverview,
    nav: { labelKey: 'nav.overview', order: 60, when: (ctx) => ctx.org.showOverview },
    load: placeholder,
  },
  {
    id: 'faq', path: 'faq', titleKey: 'page.title.faq', guard: 'any', when: (ctx) => ctx.org.showFAQs,
    nav: { labelKey: 'nav.faq', order: 61, when: (ctx) => ctx.org.showFAQs },
    load: placeholder,
  },
  {
    id: 'files', path: 'files', titleKey: 'page.title.files', guard: 'any', when: (ctx) => ctx.org.showPublicFilesLibrary,
    nav: { labelKey: 'nav.files', order: 62, when: (ctx) => ctx.org.showPublicFilesLibrary },
    load: placeholder,
  },
  {
    id: 'travel', path: 'travel/*', titleKey: 'page.title.travel', guard: 'member', when: (ctx) => ctx.org.showTravel,
    nav: { labelKey: 'nav.travel', order: 70, when: (ctx) => isMember(ctx) && ctx.org.showTravel },
    load: placeholder,
  },

  // Error pages of §8 that have an address of their own
  { id: 'notAuthorized', path: 'not-authorized', titleKey: 'error.406.title', guard: 'any', load: () => import('./src/screens/errors/NotAuthorizedScreen.tsx') },
];

/** Looks a screen up by id; throws on an unknown id so a typo in `otherwise` fails the config test. */
export function screenById(id: string): Screen {
  const screen = screens.find((s) => s.id === id);
  if (!screen) throw new Error(`unknown screen id ${id}`);
  return screen;
}

/** Navigation entries that are not screens of their own (§2 "welcome line with the account name and Logout", "back to portal"). */
export interface LinkNavItem extends NavItem {
  id: string;
  /** An address outside the screens (a server route or another site); `null` for a line of text. */
  href: (ctx: ScreenContext) => string | null;
}

export const linkNav: readonly LinkNavItem[] = [
  {
    id: 'backToPortal', labelKey: 'nav.backToPortal', order: -10, when: (ctx) => ctx.entryFromPublicPortal,
    href: (ctx) => ctx.org.publicPortal.url || `/${ctx.orgId}/portal-home`,
  },
  { id: 'welcome', labelKey: 'nav.welcome', order: 100, when: isMember, href: () => null },
  { id: 'logout', labelKey: 'nav.logout', order: 101, when: isMember, href: (ctx) => `/logout/${ctx.orgId}` },
];
