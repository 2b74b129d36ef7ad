/**
 * What the profile API tests share (tests/api/profile.test.ts, the member scope's matrix): members made
 * straight in the database and signed in on a session of their own, the save as the profile page
 * sends it (a form, §7) or as JSON, and everything stored of a member, to prove a refused call
 * changed nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ContactPathInput, ProfileEntry } from '../../schemas/api/profile.ts';
import type { Db } from '../../server/db/client.ts';
import { contactPaths, contacts, sessionLogins } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/tokens.ts';
import { startSession } from './testApp.ts';

let serial = 0;

export interface Member {
  orgId: string;
  contactId: number;
  cookie: string;
  csrfToken: string;
}

type NewContact = Partial<typeof contacts.$inferInsert>;
type NewPath = Omit<typeof contactPaths.$inferInsert, 'orgId' | 'contactId'>;

/** A registered member of `orgId` with `fields` and `paths` (in order), signed in on a new session. */
export async function newMember(app: FastifyInstance, db: Db, orgId: string, fields: NewContact = {}, paths: NewPath[] = []): Promise<Member> {
  const [row] = await db.insert(contacts).values({
    username: `profile.${process.pid}.${++serial}`, passwordHash: 'not a hash', firstName: 'Pat', lastName: 'Profile', email: null, ...fields, orgId,
  }).returning({ contactId: contacts.contactId });
  const contactId = row!.contactId;
  for (const [sortOrder, path] of paths.entries()) await db.insert(contactPaths).values({ sortOrder, ...path, orgId, contactId });
  return { orgId, contactId, ...(await signIn(app, db, orgId, contactId)) };
}

/** A session (started at `orgId`) signed in as `contactId` there: its cookie and CSRF token. */
export async function signIn(app: FastifyInstance, db: Db, orgId: string, contactId: number) {
  const session = await startSession(app, orgId);
  await db.insert(sessionLogins).values({ orgId, sessionHash: hashToken(session.sessionToken), contactId });
  return { cookie: session.cookie, csrfToken: session.csrfToken };
}

/** Everything stored of a member's profile: the contact row and its paths in order. */
export async function storedProfile(db: Db, orgId: string, contactId: number) {
  const [contact] = await db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId)));
  const paths = await db.select().from(contactPaths)
    .where(and(eq(contactPaths.orgId, orgId), eq(contactPaths.contactId, contactId))).orderBy(asc(contactPaths.sortOrder), asc(contactPaths.pathId));
  return { contact, paths };
}

export interface SaveBody {
  profile?: ProfileEntry[];
  contactPath?: ContactPathInput[];
  profileVersion: number;
}

/** `POST /{orgId}/{contactId}/profile` as `member` (to `contactId`, their own by default), as a form (§7) or JSON; raw form fields pass through. */
export function postProfile(
  app: FastifyInstance, member: Pick<Member, 'cookie' | 'csrfToken'> & { orgId: string; contactId: number },
  body: SaveBody | Record<string, string>, options: { encoding?: 'form' | 'json'; to?: { orgId: string; contactId: number } } = {},
) {
  const to = options.to ?? member;
  const encoding = options.encoding ?? 'form';
  const form = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
  return app.inject({
    method: 'POST', url: `/${to.orgId}/${to.contactId}/profile`,
    headers: {
      cookie: member.cookie, 'x-csrf-token': member.csrfToken,
      'content-type': encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: encoding === 'form' ? new URLSearchParams(form).toString() : JSON.stringify(body),
  });
}

/** `GET /{orgId}/{contactId}/{path}` as `member`. */
export function getAs(app: FastifyInstance, member: Pick<Member, 'cookie'>, url: string) {
  return app.inject({ url, headers: { cookie: member.cookie } });
}
