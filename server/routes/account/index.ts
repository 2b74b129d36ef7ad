/**
 * The account scope: calls a visitor makes about their own account (sign in and out, sign up,
 * recover, change the password, delete the account, the incident topics they follow). No hook of its
 * own: each call declares its organisation (plugins/organization.ts) and state-changing ones require
 * the CSRF token.
 * A new domain of this kind is one folder here, listed below.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/routeDeps.ts';
import deleteAccount from './deleteAccount/index.ts';
import forgotPassword from './forgotPassword/index.ts';
import forgotUsername from './forgotUsername/index.ts';
import incidentSubscriptions from './incidentSubscriptions/index.ts';
import login from './login/index.ts';
import password from './password/index.ts';
import publicProfile from './publicProfile/index.ts';
import registration from './registration/index.ts';
import secondStep from './secondStep/index.ts';
import sso from './sso/index.ts';

const DOMAINS = [login, secondStep, sso, password, forgotUsername, forgotPassword, registration, publicProfile, deleteAccount, incidentSubscriptions];

export default async function accountScope(app: FastifyInstance, deps: RouteDeps) {
  for (const domain of DOMAINS) await app.register(domain, deps);
}
