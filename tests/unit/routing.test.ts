/**
 * screens.config.ts → what each demo organisation shows at each address, for a visitor and a member.
 * Every row cites the sentence of §2 (or §6) it proves.
 */
import { describe, expect, it } from 'vitest';
import type { Account } from '../../schemas/account.ts';
import { screens } from '../../screens.config.ts';
import { resolvePath } from '../../src/app/resolveScreen.ts';
import { contextFor } from '../fixtures/context.ts';
import type { DemoOrgId } from '../fixtures/orgs.ts';

type Who = 'visitor' | 'member' | Partial<Account>;
type Expected = 'render' | 'notFound' | 'deactivated' | { redirect: string };

const rows: [DemoOrgId, Who, string, Expected, string][] = [
  // §2 "If the organisation is disabled the route list is empty and only the not-found page shows."
  ['dormant', 'visitor', 'login', 'notFound', '§2 disabled organisation: only not-found'],
  ['dormant', 'visitor', 'new', 'notFound', '§2 disabled organisation: only not-found'],
  ['dormant', 'visitor', 'notif', 'notFound', '§2 disabled organisation: only not-found'],
  ['dormant', 'member', 'home', 'notFound', '§2 disabled organisation: only not-found'],
  // §2 "If the organisation has enableSSP false, the login, new, forgot and similar routes show a deactivated page"
  ['paused', 'visitor', 'login', 'deactivated', '§2 enableSSP false: login deactivated'],
  ['paused', 'visitor', 'login/sso', 'deactivated', '§2 enableSSP false: login/sso deactivated'],
  ['paused', 'visitor', 'new', 'deactivated', '§2 enableSSP false: new deactivated'],
  ['paused', 'visitor', 'new-profile', 'deactivated', '§2 enableSSP false: new-profile deactivated'],
  ['paused', 'visitor', 'forgot-username', 'deactivated', '§2 enableSSP false: forgot deactivated'],
  ['paused', 'visitor', 'forgot-password', 'deactivated', '§2 enableSSP false: forgot deactivated'],
  ['paused', 'visitor', 'reset-password', 'deactivated', '§2 enableSSP false: and similar routes'],
  ['paused', 'member', 'new/account/profile', 'deactivated', '§2 enableSSP false: sign-up steps are similar routes'],
  ['paused', 'visitor', 'notif', 'render', '§2 notifications are not a self-service route: still shown'],
  // §2 notification tabs: "visiting a disabled one redirects to the other, else to event"
  ['paused', 'visitor', 'weather', { redirect: '/paused/notif' }, '§4 disabled weather tab → the other tab'],
  ['acme', 'member', 'notif', 'notFound', '§4 disabled tabs and no events → nothing to redirect to'],
  ['campus', 'member', 'weather', { redirect: '/campus/notif' }, '§4 disabled weather tab → the other tab'],
  ['springfield', 'visitor', 'alert', { redirect: '/springfield/notif' }, '§2 alert lists notifications'],
  ['acme', 'member', 'alert', { redirect: '/acme/home' }, 'issue 11: no tabs and no events → home, not a not-found page of its own redirect'],
  // §6 "Visitors on home, my-profile, my-location, my-subscription, my-additionalInformation, chat or incidents go to /{orgId}/login keeping accessKey."
  ['springfield', 'visitor', 'home', { redirect: '/springfield/login' }, '§6 visitor on home → login'],
  ['springfield', 'visitor', 'home?accessKey=k-1', { redirect: '/springfield/login?accessKey=k-1' }, '§6 … keeping accessKey'],
  ['springfield', 'visitor', 'my-profile', { redirect: '/springfield/login' }, '§6 visitor on my-profile → login'],
  ['springfield', 'visitor', 'my-location', { redirect: '/springfield/login' }, '§6 visitor on my-location → login'],
  ['acme', 'visitor', 'my-subscription?accessKey=zz', { redirect: '/acme/login?accessKey=zz' }, '§6 visitor on my-subscription → login'],
  ['acme', 'visitor', 'my-additionalInformation', { redirect: '/acme/login' }, '§6 visitor on my-additionalInformation → login'],
  ['springfield', 'visitor', 'chat', { redirect: '/springfield/login' }, '§6 visitor on chat → login'],
  ['acme', 'visitor', 'incidents', { redirect: '/acme/login' }, '§6 visitor on incidents → login'],
  ['acme', 'member', 'incidents', 'render', '§6 "incidents need incidents enabled"'],
  ['springfield', 'member', 'incidents', 'notFound', '§6 "incidents need incidents enabled"'],
  ['springfield', 'member', 'chat', 'render', '§2 "chat | secure chat (always present)"'],
  ['springfield', 'member', 'home', 'render', '§2 home for a member'],
  ['springfield', 'member', 'portal-home', 'render', '§2 portal-home for a member'],
  // §2 login: "redirects to home if an account id exists"
  ['springfield', 'visitor', 'login', 'render', '§2 login'],
  ['springfield', 'member', 'login', { redirect: '/springfield/home' }, '§2 login redirects to home if an account id exists'],
  ['fedagency', 'visitor', 'login', 'render', '§2 login'],
  // §2 "sso child only if single sign-on is enabled (otherwise back to login)"
  ['campus', 'visitor', 'login/sso', 'render', '§2 login/sso with single sign-on'],
  ['springfield', 'visitor', 'login/sso', { redirect: '/springfield/login' }, '§2 login/sso without single sign-on → login'],
  // §2 "a non-public organisation redirects to login unless the URL matches new?contactId={number}&referrer={value}"
  ['springfield', 'visitor', 'new', 'render', '§1 public organisations open sign-up'],
  ['acme', 'visitor', 'new', { redirect: '/acme/login' }, '§2 private sign-up without invitation → login'],
  ['acme', 'visitor', 'new?contactId=12&referrer=mail', 'render', '§2 private sign-up with new?contactId={number}&referrer={value}'],
  ['acme', 'visitor', 'new?contactId=x12&referrer=mail', { redirect: '/acme/login' }, '§2 contactId must be a number'],
  ['acme', 'visitor', 'new?contactId=12', { redirect: '/acme/login' }, '§2 referrer must be present'],
  // §2 "If a contactId exists, go to /{orgId}/home when from single sign-on, else to new/account/profile."
  ['springfield', 'member', 'new', { redirect: '/springfield/new/account/profile' }, '§2 a member on sign-up continues with the profile step'],
  ['campus', 'member', 'new?fromSSO=true', { redirect: '/campus/home' }, '§2 a member from single sign-on goes home'],
  // §2 sign-up steps exist by their flags
  ['acme', 'member', 'new/account/additionalInformation', 'render', '§2 information step with custom fields'],
  ['springfield', 'member', 'new/account/additionalInformation', 'notFound', '§2 no information step without custom fields'],
  ['fedagency', 'member', 'new/account/subscriptions', 'render', '§2 subscriptions step with alert subscriptions'],
  ['campus', 'member', 'new/account/subscriptions', 'notFound', '§2 no subscriptions step without subscriptions'],
  ['acme', 'member', 'new/account/edit-profile', 'render', '§2 edit-profile is an edit page'],
  ['acme', 'member', 'new/account/review', 'render', '§2 review step'],
  // §2 "cm/* , task | … (task redirects to cm/taskList)"; §6 "Crisis routes need crisis features"
  ['acme', 'member', 'task', { redirect: '/acme/cm/taskList' }, '§2 task redirects to cm/taskList'],
  ['acme', 'visitor', 'task', { redirect: '/acme/login' }, '§6 crisis routes need a member'],
  ['acme', 'member', 'cm/taskList', 'render', '§6 crisis task enabled'],
  ['acme', 'member', 'cm/dashboard', 'notFound', '§6 single-event dashboard off in acme'],
  ['acme', 'member', 'cm/incident/42', 'render', '§2 cm/* with crisis features'],
  ['springfield', 'member', 'cm/taskList', 'notFound', '§6 crisis routes need crisis features'],
  // §2 ov, faq, files by their flags
  ['springfield', 'visitor', 'ov', 'render', '§2 overview shown'],
  ['springfield', 'visitor', 'faq', 'render', '§2 FAQ shown'],
  ['springfield', 'visitor', 'files', 'render', '§6 "Public files need the show flag"'],
  ['acme', 'member', 'faq', 'notFound', '§2 faq without FAQs → not-found'],
  ['acme', 'member', 'files', 'notFound', '§6 "Public files need the show flag"'],
  // §6 "Notification pages need notifications shown, org not public and no member" → login
  ['springfield', 'visitor', 'notif', 'render', '§2 public organisation: notifications open'],
  ['springfield', 'visitor', 'notif/991', 'render', '§2 notif/{notificationId}'],
  ['springfield', 'visitor', 'weather/abc', 'render', '§2 weather/{weatherAlertId}'],
  ['campus', 'visitor', 'notif', { redirect: '/campus/login' }, '§6 private organisation, no member → login'],
  ['campus', 'member', 'notif', 'render', '§6 private organisation, member → shown'],
  // §2 "event (per-user flag for members, else org flag)"
  ['springfield', 'visitor', 'event', 'render', '§2 event by organisation flag'],
  ['springfield', 'visitor', 'event/77?event_id=3', 'render', '§2 event/{notificationId}'],
  ['acme', 'visitor', 'event', 'notFound', '§2 event off by organisation flag'],
  ['acme', { showEvent: true }, 'event', 'render', '§2 event on by the member\'s own flag'],
  ['springfield', { showEvent: false }, 'event', 'notFound', '§2 event off by the member\'s own flag'],
  // §2 "travel (flag, org setting and a member)"
  ['campus', 'member', 'travel/trips/3', 'render', '§2 travel with the setting and a member'],
  ['campus', 'visitor', 'travel', { redirect: '/campus/login' }, '§6 "travel needs a member"'],
  ['springfield', 'member', 'travel', 'notFound', '§2 travel off'],
  // §2 on-call schedule by the member's flag
  ['acme', { showOnCallSchedule: true }, 'schedule', 'render', '§2 on-call schedule'],
  ['acme', 'member', 'schedule', 'notFound', '§2 on-call schedule off'],
  // §2 "anything else | not-found page"
  ['springfield', 'visitor', 'no-such-page', 'notFound', '§2 anything else → not-found'],
  ['springfield', 'member', 'home/extra', 'notFound', '§2 anything else → not-found'],
  ['acme', 'visitor', 'not-authorized', 'render', '§8 not-authorized page'],
];

describe('routing by screens.config.ts (§2)', () => {
  it.each(rows)('%s · %o · /%s → %o (%s)', (orgId, who, address, expected) => {
    const [path, query] = address.split('?');
    const account = who === 'visitor' ? null : who === 'member' ? {} : who;
    const resolution = resolvePath(screens, path!, contextFor(orgId, { account, query }));
    if (typeof expected === 'string') expect(resolution.kind).toBe(expected);
    else expect(resolution).toMatchObject({ kind: 'redirect', to: expected.redirect });
  });
});
