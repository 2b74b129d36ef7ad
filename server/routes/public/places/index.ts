/**
 * §7 `GET /rest/registration/statesAndCountries`: the address form's lists, the same for everyone
 * (cacheable for a day, per language).
 *
 * §7 `POST /getgeo/json` (form `orgId`, `rs`): the places an address may be, for the location
 * dialog's candidates (§4 "In the modal choose a candidate or 'show us'"). Anyone may ask (the
 * sign-up page geocodes too) with the page's CSRF token, so that other sites cannot use the portal as
 * their geocoder; the allowance and the refusals are services/geocoding/lookup.ts's, each refusal with
 * Retry-After.
 */
import { answers } from '../../../../schemas/api/common.ts';
import { isLanguageCode } from '../../../../schemas/languages.ts';
import { GeocodeAnswer, GeocodeBody, StatesAndCountriesAnswer, StatesAndCountriesQuery } from '../../../../schemas/api/places.ts';
import { namedCountries } from '../../../../schemas/rules/countries.ts';
import { US_STATES } from '../../../../schemas/rules/usStates.ts';
import { noStore } from '../../../http/noStore.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { readRsForm } from '../../../http/rsForm.ts';
import { answer } from '../../../http/answer.ts';
import { lookUpAddress, RETRY_AFTER_SECONDS } from '../../../services/geocoding/lookup.ts';

export default async function placesRoutes(app: RouteApp, { db, geocoder }: RouteDeps) {
  app.get('/rest/registration/statesAndCountries', {
    schema: { querystring: StatesAndCountriesQuery, response: answers(StatesAndCountriesAnswer) },
  }, async (request, reply) => {
    const { lang } = request.query;
    reply.header('cache-control', 'public, max-age=86400');
    return { states: [...US_STATES], countries: namedCountries(lang && isLanguageCode(lang) ? lang : 'en_US') };
  });

  app.post('/getgeo/json', {
    schema: { body: GeocodeBody, response: answers(GeocodeAnswer) },
    config: { org: 'body' },
    onRequest: noStore,
    preValidation: readRsForm,
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const result = await lookUpAddress(db, geocoder, request.log, request.org, request.ip, request.body.rs);
    const retryAfter = result.ok ? undefined : RETRY_AFTER_SECONDS[result.status];
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return answer(reply, result);
  });
}
