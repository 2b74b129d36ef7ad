/**
 * The demo identity providers' people (issue 15; README "Single sign-on"): campus's students and
 * staff, who sign in at the demo SAML and OpenID providers with these passwords. None of them has a
 * portal account until their first single sign-on makes one (just in time).
 */
import { timingSafeEqual } from 'node:crypto';

export interface DemoIdpUser {
  username: string;
  password: string;
  /** The subject: the SAML NameID (persistent) and the OIDC `sub`. */
  subject: string;
  givenName: string;
  familyName: string;
  email: string;
  /** E.164. */
  phone: string;
  studentId: string;
}

export const DEMO_IDP_PASSWORD = 'Campus!Demo2026';

export const DEMO_IDP_USERS: readonly DemoIdpUser[] = [
  {
    username: 'sam.student', password: DEMO_IDP_PASSWORD, subject: 'su-20260042', givenName: 'Sam', familyName: 'Student',
    email: 'sam.student@example.edu', phone: '+12175550142', studentId: 'S20260042',
  },
  {
    username: 'alex.staff', password: DEMO_IDP_PASSWORD, subject: 'su-10000317', givenName: 'Alex', familyName: 'Staff',
    email: 'alex.staff@example.edu', phone: '+12175550177', studentId: 'E10000317',
  },
];

/** The user with this username and password, or null (compared in constant time). */
export function demoIdpUser(username: string, password: string): DemoIdpUser | null {
  const user = DEMO_IDP_USERS.find((candidate) => candidate.username === username.trim().toLowerCase());
  const given = Buffer.from(password);
  const expected = Buffer.from(user?.password ?? DEMO_IDP_PASSWORD);
  const same = given.length === expected.length && timingSafeEqual(given, expected);
  return user && same ? user : null;
}

export const demoIdpUserBySubject = (subject: string) => DEMO_IDP_USERS.find((user) => user.subject === subject) ?? null;
