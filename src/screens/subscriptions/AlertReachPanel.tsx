import { Suspense, useEffect, useId, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredAddress, StoredExpectedLocation } from '../../../schemas/api/addresses.ts';
import { htmlLang } from '../../../schemas/languages.ts';
import { alertReach, type LocalTime, type ReachAlert, type ReachAnswer, type ReachMember } from '../../../schemas/rules/alertReach.ts';
import { LIMITS, MAX_EXPECTED_LOCATIONS } from '../../../schemas/rules/limits.ts';
import { geoFenceView } from '../../../schemas/rules/geoFence.ts';
import { weatherCategoryKey } from '../../../schemas/rules/weatherCategories.ts';
import { alertNodesOf } from '../../../schemas/subscriptions/formData.ts';
import { getAddresses, listExpectedLocations } from '../../api/addresses.ts';
import { useContactPaths, useProfile } from '../../api/hooks.ts';
import type { PointPickerProps } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { useSubscriptionData, type SubscriptionData } from './subscriptionData.ts';

/** §9 weather circle "radius about 5 km": the area a point stands for unless the member says otherwise. */
const DEFAULT_RADIUS_KM = 5;


interface Places {
  statics: StoredAddress[];
  expected: StoredExpectedLocation[];
}

/** The member's places, read once the panel opens (every static one and up to 50 expected ones). */
function usePlaces(orgId: string, contactId: number, enabled: boolean): Places | null {
  const [places, setPlaces] = useState<Places | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void Promise.all([
      getAddresses(orgId, contactId, controller.signal),
      listExpectedLocations(orgId, contactId, 1, controller.signal, MAX_EXPECTED_LOCATIONS),
    ]).then(([statics, expected]) => {
      if (controller.signal.aborted) return;
      setPlaces({ statics: statics.data?.addresses ?? [], expected: expected.data?.data ?? [] });
    });
    return () => controller.abort();
  }, [orgId, contactId, enabled]);
  return places;
}

/**
 * "Would this alert reach me?" (issue 13, beyond the spec): a disclosure on the subscriptions page
 * and on home where the member describes an alert (a topic of their organisation or a weather alert,
 * priority or not, when, and optionally around one of their places or a point placed on the map or
 * typed as latitude and longitude) and reads, in words,
 * what schemas/rules/alertReach.ts decides from what they have saved: whether they are subscribed,
 * which of their places are in the area, and for each path whether it is sent, held by a quiet time
 * or by do-not-disturb and until when, switched off or not confirmed.
 */
/** `PointMap`: the map a point can be placed on, where the page has the form renderer anyway (the subscriptions page); without it the point is typed. */
type PointMap = ComponentType<PointPickerProps>;

export function AlertReachPanel({ contactId, data, PointMap }: { contactId: number; data?: SubscriptionData; PointMap?: PointMap }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className="alert-reach" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('reach.title')}</summary>
      {open ? <AlertReachContent contactId={contactId} {...(data ? { data } : {})} {...(PointMap ? { PointMap } : {})} /> : null}
    </details>
  );
}

/** The panel's content: home draws the disclosure itself and loads this only when it is opened. */
export default function AlertReachContent({ contactId, data, PointMap }: { contactId: number; data?: SubscriptionData; PointMap?: PointMap }) {
  return data ? <ReachForm contactId={contactId} data={data} {...(PointMap ? { PointMap } : {})} /> : <LoadingReachForm contactId={contactId} />;
}

function LoadingReachForm({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const { boot } = useOrg();
  const loaded = useSubscriptionData(boot.orgId, boot.organization, contactId);
  if (loaded.status === 'failed') return <p className="notice" role="alert">{t('subscriptions.loadFailed')}</p>;
  if (loaded.status === 'loading') return <p role="status">{t('loading')}</p>;
  return <ReachForm contactId={contactId} data={loaded} />;
}

/** A local datetime-local value of now, to the minute. */
function nowInput(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

function ReachForm({ contactId, data, PointMap }: { contactId: number; data: SubscriptionData; PointMap?: PointMap }) {
  const { t, i18n } = useTranslation();
  const { boot } = useOrg();
  const id = useId();
  const profile = useProfile(boot.orgId, contactId);
  const paths = useContactPaths(boot.orgId, contactId);
  const places = usePlaces(boot.orgId, contactId, boot.organization.showAddress);
  const nodes = alertNodesOf(data.alerts?.alertTree ?? []);
  const weather = nodes.find((node) => node.type === 'Weather');
  const topics = nodes.filter((node) => node.leaf && node.type !== 'Weather');
  const choices = [
    ...topics.map((node) => ({ value: `topic:${node.serviceId}`, label: node.name })),
    ...(weather?.weatherCategoryList ?? []).map((entry) => ({ value: `weather:${entry.category}`, label: `${weather!.name}: ${t(weatherCategoryKey(entry.category))}` })),
  ];
  const placeChoices = [
    ...(places?.statics ?? []).map((place) => ({ name: place.locationName, lat: place.lat, lon: place.lon })),
    ...(places?.expected ?? []).map((place) => ({ name: place.address.locationName, lat: place.address.lat, lon: place.address.lon })),
  ].filter((place): place is { name: string; lat: number; lon: number } => typeof place.lat === 'number' && typeof place.lon === 'number');

  const [choice, setChoice] = useState(choices[0]?.value ?? '');
  const [priority, setPriority] = useState(false);
  const [when, setWhen] = useState(nowInput);
  const [where, setWhere] = useState('everywhere');
  const [radius, setRadius] = useState(String(DEFAULT_RADIUS_KM));
  const [point, setPoint] = useState({ lat: '', lon: '' });
  // The map opens on the organisation's area, else on the member's first place, else §9's default centre.
  const firstPlace = placeChoices[0];
  const mapView = geoFenceView(boot.organization) ?? (firstPlace ? { center: { lat: firstPlace.lat, lng: firstPlace.lon }, zoom: 12 } : null);
  const [answer, setAnswer] = useState<{ reach: ReachAnswer; zone: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (choices.length === 0) return <p>{t('reach.noTopics')}</p>;
  if (profile.error || paths.error) return <p className="notice" role="alert">{t('home.profile.loadFailed')}</p>;
  // The answer needs the paths, the zone and the places: the form waits for them.
  if (!profile.data || !paths.data || (boot.organization.showAddress && !places)) return <p role="status">{t('loading')}</p>;
  const ready = { profile: profile.data, paths: paths.data };

  function check(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const at = new Date(when);
    const km = Number(radius);
    const typed = { lat: Number(point.lat), lon: Number(point.lon) };
    if (where === 'point' && (point.lat.trim() === '' || !(Math.abs(typed.lat) <= 90))) return setProblem('ssp.address.latitude.error');
    if (where === 'point' && (point.lon.trim() === '' || !(Math.abs(typed.lon) <= 180))) return setProblem('ssp.address.longitude.error');
    const place = where === 'everywhere' ? null : where === 'point' ? typed : placeChoices[Number(where)];
    if (Number.isNaN(at.getTime())) return setProblem('reach.error.when');
    if (place && !(km > 0 && km <= 500)) return setProblem('reach.error.radius');
    setProblem(null);
    const zone = ready.profile.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
    const member: ReachMember = {
      timeZone: zone,
      paths: ready.paths.contactPaths.filter((path) => path.expose).map((path) => ({
        pathId: path.pathId, name: path.name, value: path.value, pathEnable: path.pathEnable, confirmed: path.confirmed !== false,
        quietTimeFrames: path.quietTimeFrames,
      })),
      unconfirmedPathsReceive: ready.paths.unconfirmedPathsReceive,
      serviceIds: nodes.filter((node) => node.leaf && node.checked).map((node) => node.serviceId),
      weatherCategories: (weather?.weatherCategoryList ?? []).filter((entry) => entry.checked).map((entry) => entry.category),
      noDisturb: data.alerts?.nodisturb ?? null,
      staticLocations: (places?.statics ?? []).map((p) => ({ name: p.locationName, lat: p.lat ?? null, lon: p.lon ?? null })),
      expectedLocations: (places?.expected ?? []).map((p) => ({
        name: p.address.locationName, lat: p.address.lat ?? null, lon: p.address.lon ?? null, arriveDate: p.address.arriveDate, expireDate: p.address.expireDate,
      })),
    };
    const [kind, key] = choice.split(':') as [string, string];
    const alert: ReachAlert = {
      topic: kind === 'topic' ? { kind: 'topic', serviceId: Number(key) } : { kind: 'weather', category: key },
      priority, at, ...(place ? { area: { lat: place.lat, lon: place.lon, radiusKm: km } } : {}),
    };
    setAnswer({ reach: alertReach(member, alert), zone });
  }

  const locale = htmlLang(i18n.language);
  const dayNames = (day: number) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 28 + day)));
  const until = (time: LocalTime) => t('reach.until', { day: dayNames(time.day), time: `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}` });

  return (
    <form className="alert-reach-form" onSubmit={check} noValidate>
      <p className="field-help">{t('reach.intro')}</p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-alert`}>{t('reach.alert')}</label>
        <select id={`${id}-alert`} className="input" value={choice} onChange={(event) => setChoice(event.target.value)}>
          {choices.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </div>
      <div className="checkbox">
        <input id={`${id}-priority`} type="checkbox" checked={priority} onChange={(event) => setPriority(event.target.checked)} />
        <label htmlFor={`${id}-priority`}>{t('reach.priority')}</label>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-when`}>{t('reach.when')}</label>
        <input id={`${id}-when`} className="input" type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-where`}>{t('reach.where')}</label>
        <select id={`${id}-where`} className="input" value={where} onChange={(event) => setWhere(event.target.value)}>
          <option value="everywhere">{t('reach.where.everywhere')}</option>
          {placeChoices.map((place, index) => <option key={`${place.name}-${index}`} value={String(index)}>{t('reach.where.around', { name: place.name })}</option>)}
          <option value="point">{t('reach.where.point')}</option>
        </select>
      </div>
      {where === 'point' && PointMap ? (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <PointMap
            id={`${id}-map`}
            point={pickedPoint(point)}
            {...(mapView ? { center: mapView.center, zoom: mapView.zoom } : {})}
            onChange={(picked) => setPoint({ lat: String(picked.lat), lon: String(picked.lon) })}
          />
        </Suspense>
      ) : null}
      {where === 'point' ? (
        <div className="alert-reach-point">
          {(['lat', 'lon'] as const).map((axis) => (
            <div className="field" key={axis}>
              <label className="field-label" htmlFor={`${id}-${axis}`}>{t(axis === 'lat' ? 'ssp.address.latitude.label' : 'ssp.address.longitude.label')}</label>
              <input
                id={`${id}-${axis}`} className="input input-short" inputMode="decimal" maxLength={LIMITS.latLonInput.max} value={point[axis]}
                onChange={(event) => setPoint({ ...point, [axis]: event.target.value })}
              />
            </div>
          ))}
        </div>
      ) : null}
      {where !== 'everywhere' ? (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-radius`}>{t('reach.radius')}</label>
          <input id={`${id}-radius`} className="input input-short" inputMode="decimal" value={radius} maxLength={5} onChange={(event) => setRadius(event.target.value)} />
        </div>
      ) : null}
      {problem ? <p className="field-error" role="alert">{t(problem)}</p> : null}
      <p><button type="submit" className="button">{t('reach.check')}</button></p>
      <div role="status" aria-live="polite">
        {answer ? <ReachResult answer={answer.reach} zone={answer.zone} until={until} /> : null}
      </div>
    </form>
  );
}

/** The typed point, when both coordinates are numbers in range (the map shows it). */
function pickedPoint({ lat, lon }: { lat: string; lon: string }): { lat: number; lon: number } | null {
  const point = { lat: Number(lat), lon: Number(lon) };
  return lat.trim() && lon.trim() && Math.abs(point.lat) <= 90 && Math.abs(point.lon) <= 180 ? point : null;
}

function ReachResult({ answer, zone, until }: { answer: ReachAnswer; zone: string; until: (time: LocalTime) => string }) {
  const { t } = useTranslation();
  const verdict = !answer.subscribed ? 'reach.verdict.notSubscribed'
    : !answer.inArea ? 'reach.verdict.notInArea'
      : answer.paths.length === 0 ? 'reach.verdict.noPaths'
        : answer.reachesNow ? 'reach.verdict.reaches'
          : answer.paths.some((path) => path.outcome === 'held') ? 'reach.verdict.held' : 'reach.verdict.noneOn';
  return (
    <div className="alert-reach-result">
      <p><strong>{t(verdict)}</strong></p>
      {answer.places.some((place) => place.distanceKm !== null) ? (
        <ul>
          {answer.places.filter((place) => place.distanceKm !== null).map((place) => (
            <li key={`${place.kind}-${place.name}`}>
              {t(place.inside ? (place.current ? 'reach.place.inside' : 'reach.place.insideNotThere') : 'reach.place.outside', {
                name: place.name, km: place.distanceKm!.toFixed(1),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {answer.paths.length > 0 ? (
        <ul>
          {answer.paths.map((path) => (
            <li key={path.pathId}>
              <strong>{path.name}</strong>{': '}
              {path.outcome === 'sent' ? t('reach.path.sent')
                : path.outcome === 'off' ? t('reach.path.off')
                  : path.outcome === 'unconfirmed' ? t('reach.path.unconfirmed')
                    : path.by === 'quietTime' ? t('reach.path.quietTime', { name: path.quietTime, until: until(path.until) })
                      : t('reach.path.noDisturb', { until: until(path.until) })}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="field-help">{t('reach.zone', { zone })}</p>
    </div>
  );
}
