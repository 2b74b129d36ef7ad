import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isWeatherAlertExpired, readableText } from '../../../schemas/rules/nwsAlerts.ts';
import type { WeatherAlertSummary } from '../../api/publicContent.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { CapFacts } from './CapFacts.tsx';
import { ContentList } from './ContentList.tsx';
import { weatherStore } from './stores.ts';
import { displayZone, formatRelativeAge, formatSendDate, utcMs } from './time.ts';
import { useNow } from './useNow.ts';
import './content.css';

const keyOf = (item: WeatherAlertSummary) => ({ id: item.weatherAlertId, time: utcMs(item.issuanceTime) });

/** §2 `weather`: the weather alerts, newest first, each with its CAP facts in words and the Expired label once it has ended. */
export default function WeatherScreen() {
  return <ContentList kind="weather" store={weatherStore} keyOf={keyOf} renderItem={(item, open) => <WeatherItem item={item} onOpen={open} />} />;
}

function WeatherItem({ item, onOpen }: { item: WeatherAlertSummary; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const { boot, account } = useOrg();
  const zone = displayZone(account?.timeZone);
  const now = useNow();
  const issued = utcMs(item.issuanceTime);
  const expired = isWeatherAlertExpired(item.endTime, new Date(now));
  return (
    <article className="content-item" data-expired={expired ? 'true' : undefined}>
      <h2 className="content-item-title">
        <Link to={`/${encodeURIComponent(boot.orgId)}/weather/${encodeURIComponent(item.weatherAlertId)}`} onClick={onOpen}>{item.facts.event ?? item.title}</Link>
      </h2>
      <p className="content-item-meta">
        {expired ? <span className="badge badge-expired">{t('weather.expired')}</span> : null}
        <span>
          {t('weather.issued')}{' '}
          <time dateTime={`${item.issuanceTime}Z`} title={formatSendDate(issued, zone, i18n.language)}>{formatRelativeAge(issued, now, zone, i18n.language)}</time>
        </span>
        {item.endTime ? (
          <span>
            {t(expired ? 'weather.ended' : 'weather.ends')}{' '}
            <time dateTime={`${item.endTime}Z`}>{formatSendDate(utcMs(item.endTime), zone, i18n.language)}</time>
          </span>
        ) : null}
      </p>
      {!expired && item.facts.instruction ? <p className="content-item-instruction">{readableText(item.facts.instruction)}</p> : null}
      <CapFacts facts={item.facts} compact />
    </article>
  );
}
