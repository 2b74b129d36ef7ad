import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { WeatherAlert } from '../../../schemas/api/publicContent.ts';
import { titleCase } from '../../../schemas/rules/placeNames.ts';
import { affectedAreasOf, circleAround, isWeatherAlertExpired, readableText } from '../../../schemas/rules/nwsAlerts.ts';
import { getWeatherAlert } from '../../api/publicContent.ts';
import { GeneralErrorMessage } from '../../app/pages/GeneralErrorMessage.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import type { MapArea } from './AreaMap.tsx';
import { CapFacts } from './CapFacts.tsx';
import { BACK_TO_LIST } from './ContentList.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { OrgShareButtons } from './ShareButtons.tsx';
import { weatherStore } from './stores.ts';
import { displayZone, formatRelativeAge, formatSendDate, utcMs } from './time.ts';
import { useDetail } from './useDetail.ts';
import { useNow } from './useNow.ts';
import './content.css';

const AreaMap = lazy(() => import('./AreaMap.tsx'));

/** The alert's polygons, or §9's 41-point circles of about 5 km around the points it names without an area. */
function areasOfAlert(alert: WeatherAlert): MapArea[] {
  const { polygons, points } = alert.originalFeed;
  const toLatLon = (ring: readonly (readonly [number, number])[]) => ring.map(([lon, lat]) => [lat, lon] as [number, number]);
  return [
    ...polygons.map((ring) => ({ kind: 'polygon' as const, rings: [toLatLon(ring)] })),
    ...points.map((point) => ({ kind: 'polygon' as const, rings: [toLatLon(circleAround(point))] })),
  ];
}

/**
 * §2 `weather/{weatherAlertId}`: the alert's event and its CAP facts in words, the Expired label once
 * its end (UTC) has passed (§4), what to do first, then the service's text and the places it names
 * (§5 "after 'INCLUDING THE CIT...OF'"), and its area on a map.
 */
export default function WeatherDetailScreen() {
  const { weatherAlertId = '' } = useParams();
  const { boot } = useOrg();
  const listPath = `/${encodeURIComponent(boot.orgId)}/weather`;
  const state = useDetail<WeatherAlert>(weatherStore, weatherAlertId, listPath, (signal) => getWeatherAlert(boot.orgId, weatherAlertId, signal));
  if (state.status === 'loading') return <LoadingBar />;
  if (state.status === 'failed') return <GeneralErrorMessage />;
  return <WeatherDetail alert={state.detail} listPath={listPath} offlineFetchedAt={state.offlineFetchedAt} />;
}

function WeatherDetail({ alert, listPath, offlineFetchedAt }: { alert: WeatherAlert; listPath: string; offlineFetchedAt: number | null }) {
  const { t, i18n } = useTranslation();
  const { account } = useOrg();
  const zone = displayZone(account?.timeZone);
  const now = useNow();
  const { properties } = alert.originalFeed.feature;
  const expired = isWeatherAlertExpired(alert.endTime, new Date(now));
  const areas = useMemo(() => areasOfAlert(alert), [alert]);
  const instruction = properties.instruction?.trim() ?? '';
  // The service's text ends with the instruction, which is shown first on its own.
  const text = instruction && properties.textBody.trimEnd().endsWith(instruction)
    ? properties.textBody.trimEnd().slice(0, -instruction.length).trimEnd()
    : properties.textBody;
  const places = affectedAreasOf(properties.textBody).map(titleCase);
  const issued = utcMs(alert.issuanceTime);
  return (
    <article className="card content-detail" data-expired={expired ? 'true' : undefined}>
      <p><Link to={listPath} state={BACK_TO_LIST}>{t('content.back.weather')}</Link></p>
      <PageHeading>{properties.event ?? alert.title}</PageHeading>
      <OfflineNotice fetchedAt={offlineFetchedAt} />
      {properties.event && alert.title !== properties.event ? <p className="content-subtitle">{alert.title}</p> : null}
      <p className="content-item-meta">
        {expired ? <span className="badge badge-expired">{t('weather.expired')}</span> : null}
        <span>
          {t('weather.issued')}{' '}
          <time dateTime={`${alert.issuanceTime}Z`}>{formatSendDate(issued, zone, i18n.language)}</time>
          {' '}({formatRelativeAge(issued, now, zone, i18n.language)})
        </span>
        {alert.endTime ? (
          <span>{t(expired ? 'weather.ended' : 'weather.ends')} <time dateTime={`${alert.endTime}Z`}>{formatSendDate(utcMs(alert.endTime), zone, i18n.language)}</time></span>
        ) : null}
      </p>
      {instruction && !expired ? (
        <section className="content-instruction" aria-labelledby="instruction-title">
          <h2 id="instruction-title">{t('weather.instruction')}</h2>
          <p className="content-text">{readableText(instruction)}</p>
        </section>
      ) : null}
      <CapFacts facts={properties} />
      <section aria-labelledby="details-title">
        <h2 id="details-title">{t('weather.details')}</h2>
        {text.trim() ? <p className="content-text">{readableText(text)}</p> : <p>{t('weather.notification.noneProvided')}</p>}
        {instruction && expired ? <p className="content-text">{readableText(instruction)}</p> : null}
        {places.length ? <p><strong>{t('weather.places')}</strong> {places.join(', ')}</p> : null}
      </section>
      {areas.length ? (
        <section>
          <h2>{t('content.map.title')}</h2>
          <p className="field-help">{t(alert.originalFeed.polygons.length ? 'content.map.description' : 'weather.map.points', { count: areas.length })}</p>
          <Suspense fallback={<LoadingBar />}>
            <AreaMap areas={areas} label={t('content.map.title')} />
          </Suspense>
        </section>
      ) : null}
      <OrgShareButtons title={properties.event ?? alert.title} />
    </article>
  );
}
