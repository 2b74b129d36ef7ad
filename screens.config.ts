/**
 * Every route of §2 as data. The router (src/app/buildRoutes.tsx), the navigation bar
 * (src/app/navItems.ts), the guards, help tips and page titles are all generated from this list;
 * adding a screen is one entry here and one folder under src/screens/.
 *
 * This file sits above the shell (src/app/): it describes itself with the shell's types
 * (`import type`, src/app/screenTypes.ts) and src/main.tsx hands `registry` to the shell, which never
 * imports it. Screens are loaded lazily, so each stays out of the first load.
 *
 * Paths are relative to `/{orgId}`. The order matters only for the navigation bar (`nav.order`) and
 * the progress bar (`progressStep`).
 */
import { logout } from './src/api/accounts.ts';
import { followableUrlOr } from './schemas/followableUrl.ts';
import type { HelpType } from './schemas/helpTypes.ts';
import type {
  Condition, Guard, LinkNavItem, OutsidePages, ProgressStep, Screen, ScreenContext, ScreenModule, ScreenRegistry,
} from './src/app/screenTypes.ts';

/** §2 "Progress bar order: profile, locations, subscriptions, information, review". */
export const PROGRESS_STEPS = ['profile', 'locations', 'subscriptions', 'information', 'review'] as const satisfies readonly ProgressStep[];

// Each condition is named once here and used by every screen it enables; a nav item does not restate
// it, because its visibility is computed from its screen (src/app/navItems.ts).
const isMember: Condition = (ctx) => ctx.account !== null;
/** §6 "Notification pages need notifications shown, org not public and no member": private orgs need a login. */
const publicOrMember = (ctx: ScreenContext): Guard => (ctx.org.isPublic ? 'any' : 'member');
const showsNotifications: Condition = (ctx) => ctx.org.showNotificationsToMemberPortal;
const showsWeather: Condition = (ctx) => ctx.org.showWeather;
/** §2 "event (per-user flag for members, else org flag)". */
const showsEvents: Condition = (ctx) => (ctx.account ? (ctx.account.showEvent ?? ctx.org.showEvent) : ctx.org.showEvent);
const showsIncidents: Condition = (ctx) => ctx.org.showIncidents;
const showsCrisisTask: Condition = (ctx) => ctx.org.showCrisisTask;
const showsCrisisDashboard: Condition = (ctx) => ctx.org.showCrisisSingleEventDashboard;
const showsCrisisSurvey: Condition = (ctx) => ctx.org.showCrisisSurvey;
const showsCrisis: Condition = (ctx) => showsCrisisTask(ctx) || showsCrisisDashboard(ctx) || showsCrisisSurvey(ctx);
/** §2 sign-up flow "locations (organisation shows addresses)". */
const showsAddresses: Condition = (ctx) => ctx.org.showAddress;
/** §2 sign-up flow "subscriptions (alert, group or incident subscription on)". */
const showsSubscriptions: Condition = (ctx) =>
  ctx.org.showAlertSubscription || ctx.org.showGroupSubscription || ctx.org.showIncidentSub;
/** §2 sign-up flow "information (custom fields on)". */
const showsCustomFields: Condition = (ctx) => ctx.org.showCustomfield;
/** §2 "a non-public organisation redirects to login unless the URL matches new?contactId={number}&referrer={value}". */
const isInvitation = (query: URLSearchParams): boolean =>
  /^\d+$/.test(query.get('contactId') ?? '') && (query.get('referrer') ?? '') !== '';

const placeholder = () => import('./src/screens/placeholder/PlaceholderScreen.tsx');
/** §2 `ov` and `faq`: one module, which tells the two apart by its screen. */
const orgPage = () => import('./src/screens/content/OrgPageScreen.tsx');

interface SignUpForm {
  /** The form's progress step, which also names its screens (signUp<Step>, signUpEdit<Step>). */
  step: Exclude<ProgressStep, 'review'>;
  /** Its address under new/account/ (§2 "new/account/profile, mylocation, subscriptions, additionalInformation"). */
  address: string;
  /** The member's page of the same form, which is also its help type (§2 help paths). */
  myPage: Extract<HelpType, `my-${string}`>;
  titleKey: string;
  when?: Condition;
  load: () => Promise<ScreenModule>;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * §2: one sign-up form, three addresses, one screen module that reads which from `useScreenMode()`:
 * the wizard step new/account/<step> (progress bar), its edit page new/account/edit-<step> (§2
 * "progress bar hidden on addresses containing 'edit-', a back link to review is shown") and the
 * member's page my-<page>. The sign-up addresses are self-service routes (§2 "login, new, forgot and
 * similar routes"); the member's own pages are not.
 */
function signUpFormScreens({ step, address, myPage, titleKey, when, load }: SignUpForm): Screen[] {
  const shared = { titleKey, guard: 'member', ...(when ? { when } : {}), load } as const;
  return [
    { ...shared, id: `signUp${capitalised(step)}`, path: `new/account/${address}`, mode: 'step', selfService: true, help: 'new/account', progressStep: step },
    { ...shared, id: `signUpEdit${capitalised(step)}`, path: `new/account/edit-${address}`, mode: 'edit', selfService: true, help: 'new/account' },
    { ...shared, id: myPage.replace(/-(\w)/, (_, letter: string) => letter.toUpperCase()), path: myPage, mode: 'my', help: myPage },
  ];
}

export const screens: readonly Screen[] = [
  // Sign-in and recovery (§2 login, login/sso, forgot-*, reset-password)
  {
    id: 'login', path: 'login', titleKey: 'page.title.login', guard: 'visitor', selfService: true,
    publicPortalEntry: 'clear', help: 'login',
    // §2 "login (org has a name)"
    nav: { labelKey: 'nav.login', order: 90, when: (ctx) => ctx.org.orgName !== '' },
    load: () => import('./src/screens/login/LoginScreen.tsx'),
  },
  {
    id: 'loginSso', path: 'login/sso', titleKey: 'page.title.loginSso', guard: 'visitor', selfService: true,
    when: (ctx) => ctx.org.enabledSSO, otherwise: ['login'], help: 'login/sso', load: () => import('./src/screens/sso/SsoScreen.tsx'),
  },
  {
    // Issue 15: the second step after the password (a code, a recovery code or a passkey), or adding the
    // second factor the organisation requires; the pending sign-in is the server's (an HttpOnly cookie).
    id: 'loginVerify', path: 'login/verify', titleKey: 'page.title.loginVerify', guard: 'visitor', selfService: true, help: 'login',
    load: () => import('./src/screens/loginVerify/LoginVerifyScreen.tsx'),
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
    // §2 "sign up (public orgs outside the member app)": the redirect above already keeps it to public orgs.
    nav: { labelKey: 'nav.signUp', order: 91, when: (ctx) => ctx.query.get('from') !== 'member' },
    load: () => import('./src/screens/signUp/SignUpScreen.tsx'),
  },
  {
    id: 'signUpPublic', path: 'new-profile', titleKey: 'page.title.signUp', guard: 'any', selfService: true,
    publicPortalEntry: 'set', help: 'new', load: () => import('./src/screens/signUp/SignUpPublicScreen.tsx'),
  },
  // The four forms of the wizard; each form's module comes with its issue, until then the placeholder.
  ...signUpFormScreens({
    step: 'profile', address: 'profile', myPage: 'my-profile', titleKey: 'page.title.profile', load: () => import('./src/screens/profile/ProfileScreen.tsx'),
  }),
  ...signUpFormScreens({
    step: 'locations', address: 'mylocation', myPage: 'my-location', titleKey: 'page.title.locations', when: showsAddresses,
    load: () => import('./src/screens/locations/LocationsScreen.tsx'),
  }),
  ...signUpFormScreens({
    step: 'subscriptions', address: 'subscriptions', myPage: 'my-subscription', titleKey: 'page.title.subscriptions',
    when: showsSubscriptions, load: () => import('./src/screens/subscriptions/SubscriptionsScreen.tsx'),
  }),
  ...signUpFormScreens({
    step: 'information', address: 'additionalInformation', myPage: 'my-additionalInformation', titleKey: 'page.title.additionalInformation',
    when: showsCustomFields, load: () => import('./src/screens/additionalInformation/AdditionalInformationScreen.tsx'),
  }),
  {
    id: 'signUpReview', path: 'new/account/review', titleKey: 'page.title.review', guard: 'member', selfService: true,
    help: 'home', progressStep: 'review', load: () => import('./src/screens/review/ReviewScreen.tsx'),
  },

  // Home (§2 home, portal-home)
  {
    id: 'home', path: 'home', titleKey: 'page.title.home', guard: 'member', help: 'home',
    nav: { labelKey: 'nav.home', order: 0 },
    load: () => import('./src/screens/home/HomeScreen.tsx'),
  },
  {
    // Issue 15: the member's sign-in security (authenticator app, passkeys, recovery codes), linked from home.
    id: 'mySecurity', path: 'my-security', titleKey: 'page.title.security', guard: 'member', help: 'home',
    load: () => import('./src/screens/security/SecurityScreen.tsx'),
  },
  {
    id: 'portalHome', path: 'portal-home', titleKey: 'page.title.home', guard: 'member', help: 'home', publicPortalEntry: 'set',
    load: () => import('./src/screens/home/HomeScreen.tsx'),
  },

  // Notifications and weather (§2 notif, weather, alert; §4 tabs)
  {
    id: 'notifications', path: 'notif', titleKey: 'page.title.notifications', guard: publicOrMember,
    when: showsNotifications, otherwise: ['weather', 'events'], nav: { labelKey: 'nav.notifications', order: 10 },
    load: () => import('./src/screens/content/NotificationsScreen.tsx'),
  },
  {
    id: 'notificationDetail', path: 'notif/:notificationId', titleKey: 'page.title.notifications', guard: publicOrMember,
    when: showsNotifications, load: () => import('./src/screens/content/NotificationDetailScreen.tsx'),
  },
  {
    id: 'weather', path: 'weather', titleKey: 'page.title.weather', guard: publicOrMember,
    when: showsWeather, otherwise: ['notifications', 'events'], nav: { labelKey: 'nav.weather', order: 20 },
    load: () => import('./src/screens/content/WeatherScreen.tsx'),
  },
  {
    id: 'weatherDetail', path: 'weather/:weatherAlertId', titleKey: 'page.title.weather', guard: publicOrMember,
    when: showsWeather, load: () => import('./src/screens/content/WeatherDetailScreen.tsx'),
  },
  {
    id: 'alerts', path: 'alert', titleKey: 'page.title.notifications', guard: publicOrMember,
    // §2 "else to event" — and where there are no events either, home (or login), never a not-found
    // page of its own making (issue 11).
    redirect: (ctx) => (showsNotifications(ctx) ? 'notif' : showsWeather(ctx) ? 'weather' : showsEvents(ctx) ? 'event' : isMember(ctx) ? 'home' : 'login'),
    load: placeholder,
  },

  // Events (§2 event, event/{notificationId})
  {
    id: 'events', path: 'event', titleKey: 'page.title.events', guard: 'any', when: showsEvents,
    nav: { labelKey: 'nav.events', order: 30 }, load: () => import('./src/screens/content/EventsScreen.tsx'),
  },
  {
    id: 'eventNotification', path: 'event/:notificationId', titleKey: 'page.title.events', guard: 'any', when: showsEvents,
    load: () => import('./src/screens/content/EventNotificationScreen.tsx'),
  },

  // Incidents and chat (§2)
  {
    id: 'incidents', path: 'incidents', titleKey: 'page.title.incidents', guard: 'member', when: showsIncidents,
    nav: { labelKey: 'nav.incidents', order: 40 }, load: placeholder,
  },
  { id: 'incidentDetail', path: 'incidents/:id', titleKey: 'page.title.incidents', guard: 'member', when: showsIncidents, load: placeholder },
  {
    // §2 "chat | secure chat (always present)"; its nav item is the member's "directory chat".
    id: 'chat', path: 'chat', titleKey: 'page.title.chat', guard: 'member',
    nav: { labelKey: 'nav.directoryChat', order: 45, when: (ctx) => ctx.account?.showDirectoryChat === true },
    load: placeholder,
  },

  // Critical events (§2 cm/*, task)
  {
    id: 'crisisTask', path: 'cm/taskList', titleKey: 'page.title.crisisTask', guard: 'member', when: showsCrisisTask,
    nav: { labelKey: 'nav.crisisTask', order: 50 }, load: placeholder,
  },
  {
    id: 'crisisDashboard', path: 'cm/dashboard', titleKey: 'page.title.crisisDashboard', guard: 'member', when: showsCrisisDashboard,
    nav: { labelKey: 'nav.crisisDashboard', order: 51 }, load: placeholder,
  },
  {
    id: 'crisisSurvey', path: 'cm/survey', titleKey: 'page.title.crisisSurvey', guard: 'member', when: showsCrisisSurvey,
    nav: { labelKey: 'nav.crisisSurvey', order: 52 }, load: placeholder,
  },
  { id: 'crisis', path: 'cm/*', titleKey: 'page.title.crisisTask', guard: 'member', when: showsCrisis, load: placeholder },
  { id: 'task', path: 'task', titleKey: 'page.title.crisisTask', guard: 'member', redirect: () => 'cm/taskList', load: placeholder },

  // On-call schedule (§2 "an on-call schedule hash route"; the schedule itself lives behind the hash)
  {
    id: 'schedule', path: 'schedule', titleKey: 'page.title.schedule', guard: 'member',
    when: (ctx) => ctx.account?.showOnCallSchedule === true, nav: { labelKey: 'nav.schedule', order: 55 }, load: placeholder,
  },

  // Organisation pages (§2 ov, faq, files, travel)
  {
    id: 'overview', path: 'ov', titleKey: 'page.title.overview', guard: 'any', when: (ctx) => ctx.org.showOverview,
    nav: { labelKey: 'nav.overview', order: 60 }, load: orgPage,
  },
  {
    id: 'faq', path: 'faq', titleKey: 'page.title.faq', guard: 'any', when: (ctx) => ctx.org.showFAQs,
    nav: { labelKey: 'nav.faq', order: 61 }, load: orgPage,
  },
  {
    id: 'files', path: 'files', titleKey: 'page.title.files', guard: 'any', when: (ctx) => ctx.org.showPublicFilesLibrary,
    nav: { labelKey: 'nav.files', order: 62 }, load: () => import('./src/screens/content/FilesScreen.tsx'),
  },
  {
    // §2 "travel (flag, org setting and a member)"
    id: 'travel', path: 'travel/*', titleKey: 'page.title.travel', guard: 'member', when: (ctx) => ctx.org.showTravel,
    nav: { labelKey: 'nav.travel', order: 70 }, load: placeholder,
  },

  // Error pages of §8 that have an address of their own
  { id: 'notAuthorized', path: 'not-authorized', titleKey: 'error.406.title', guard: 'any', load: () => import('./src/screens/errors/NotAuthorizedScreen.tsx') },
];

export const linkNav: readonly LinkNavItem[] = [
  {
    id: 'backToPortal', labelKey: 'nav.backToPortal', order: -10, when: (ctx) => ctx.entryFromPublicPortal,
    // Only an http(s) address or a path of this site (issue 9 row 17); otherwise the portal's own home.
    href: (ctx) => followableUrlOr(ctx.org.publicPortal.url, `/${ctx.orgId}/portal-home`),
  },
  { id: 'welcome', labelKey: 'nav.welcome', order: 100, when: isMember, href: () => null },
  // A button that posts with the CSRF token (issue 9 row 11), not a link to GET /logout/{orgId}.
  { id: 'logout', labelKey: 'nav.logout', order: 101, when: isMember, href: () => null, onSelect: (ctx) => logout(ctx.orgId) },
];

/** The addresses outside any organisation, each loaded only when visited (the admin preview brings the form renderer). */
const pages: OutsidePages = {
  root: () => import('./src/screens/root/RootScreen.tsx').then((m) => ({ default: m.RootScreen })),
  mails: () => import('./src/screens/mails/MailsScreen.tsx').then((m) => ({ default: m.MailsScreen })),
  admin: () => import('./src/admin/AdminApp.tsx'),
  comms: () => import('./src/screens/comms/CommsScreen.tsx').then((m) => ({ default: m.CommsScreen })),
};

/** What src/main.tsx hands the shell. */
export const registry: ScreenRegistry = { screens, linkNav, pages };
