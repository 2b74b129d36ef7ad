import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContactPathAnswer, ProfileAnswer } from '../../../schemas/api/profile.ts';
import { htmlLang, LANGUAGES } from '../../../schemas/languages.ts';
import { quietTimeInWords } from './quietTimeWords.ts';

/** §9 "placeholder 'Not Provided'" for an empty value of the summary. */
const NOT_PROVIDED = 'form.review.notProvided';

/** §2 "pager service (PLAINTEXTEMAIL, NUMERICPAGER)": the path types whose pager service is shown. */
const PAGER_TYPES = new Set(['PAGER', 'NUMERICPAGER', 'PLAINTEXTEMAIL']);

function Entry({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation();
  const given = value !== null && value !== undefined && value.trim() !== '';
  return (
    <>
      <dt>{label}</dt>
      <dd className={given ? undefined : 'summary-empty'}>{given ? <bdi>{value}</bdi> : t(NOT_PROVIDED)}</dd>
    </>
  );
}

/**
 * §2 Home page "profile summary (username, names, language, suffix, external id, email, time zone)"
 * and "per path name, value, extension or pin, pager service (PLAINTEXTEMAIL, NUMERICPAGER), on/off
 * and quiet times", with §9's 'Not Provided' where a value is empty. A field the organisation does
 * not expose is left out; a path the member has no value for is listed once, as not provided. A path
 * the member has not confirmed yet says so in words (issue 12), and whether alerts still go to it.
 * `level` is its headings' level (3 inside the review page's Profile section).
 */
export function ProfileSummary({ profile, paths, unconfirmedPathsReceive, level = 2 }: {
  profile: ProfileAnswer; paths: readonly ContactPathAnswer[]; unconfirmedPathsReceive: boolean; level?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const Heading = level === 2 ? 'h2' : 'h3';
  const PathHeading = level === 2 ? 'h3' : 'h4';
  const exposed = new Map(profile.profiles.map((field) => [field.fieldName, field]));
  const shows = (fieldName: string) => exposed.get(fieldName)?.expose !== false;
  const language = LANGUAGES.find((entry) => entry.lang === profile.preferredLanguage)?.name ?? profile.preferredLanguage;
  const timeZone = profile.timezones.find((zone) => zone.id === profile.timeZone)?.displayLabel ?? profile.timeZone;
  const locale = htmlLang(i18n.language);
  const regionName = (code: string | null) => {
    if (!code) return null;
    try {
      return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const withValues = paths.filter((path) => path.expose && path.value !== '');
  const without = paths.filter((path) => path.expose && path.value === '');

  return (
    <>
      <section aria-labelledby="home-profile-title">
        <Heading id="home-profile-title">{t('home.profile.title')}</Heading>
        <dl className="summary-list">
          {profile.username ? <Entry label={t('home.account.username')} value={profile.username} /> : null}
          <Entry label={t('home.profile.firstName')} value={profile.firstName} />
          {shows('middleInitial') ? <Entry label={t('home.profile.middleInitial')} value={profile.middleInitial} /> : null}
          <Entry label={t('home.profile.lastName')} value={profile.lastName} />
          {shows('suffix') ? <Entry label={t('home.profile.suffix')} value={profile.suffix} /> : null}
          {shows('externalId') ? <Entry label={t('home.profile.externalId')} value={profile.externalId} /> : null}
          <Entry label={t('home.profile.email')} value={profile.email} />
          {profile.isPreferredLanguageExposed ? <Entry label={t('home.profile.language')} value={language} /> : null}
          <Entry label={t('home.profile.timeZone')} value={timeZone} />
        </dl>
      </section>
      <section aria-labelledby="home-paths-title">
        <Heading id="home-paths-title">{t('home.paths.title')}</Heading>
        {withValues.length === 0 ? <p>{t('home.paths.none')}</p> : (
          <ul className="summary-paths">
            {withValues.map((path) => (
              <li key={path.pathId} className="summary-path">
                <PathHeading className="summary-path-name"><bdi>{path.name}</bdi></PathHeading>
                <p className="summary-path-value">
                  <bdi dir="ltr">{path.displayValue || path.value}</bdi>
                  {path.countryCode && path.value ? <span className="hint"> · {regionName(path.countryCode)}</span> : null}
                </p>
                <ul className="summary-path-facts">
                  {path.confirmed === false ? (
                    <li className="path-unconfirmed">
                      <strong>{t('pathConfirmation.marker')}</strong>{' '}
                      {t(unconfirmedPathsReceive ? 'pathConfirmation.receives' : 'pathConfirmation.receivesNothing')}
                    </li>
                  ) : null}
                  {path.phoneExt ? <li>{t('home.paths.extension', { value: path.phoneExt })}</li> : null}
                  {path.pin ? <li>{t('home.paths.pin', { value: path.pin })}</li> : null}
                  {PAGER_TYPES.has(path.type) && path.systemRequirement ? <li>{t('home.paths.pagerService', { value: path.systemRequirement })}</li> : null}
                  <li className={path.pathEnable ? 'path-on' : 'path-off'}>{t(path.pathEnable ? 'home.paths.on' : 'home.paths.off')}</li>
                  {path.quietTimeFrames.map((frame, index) => <li key={index}>{t('home.quietTime.item', { text: quietTimeInWords(frame, locale, t) })}</li>)}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {without.length > 0 ? (
          <p className="hint">{t('home.paths.notProvided', { names: new Intl.ListFormat(locale, { type: 'conjunction' }).format(without.map((path) => path.name)) })}</p>
        ) : null}
      </section>
    </>
  );
}

/** The member's own page links, each only where the organisation has it (§2 "sections with edit/view links"). */
export function SectionLinks({ links }: { links: readonly { id: string; to: string; titleKey: string }[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="home-sections-title" className="home-sections">
      <h2 id="home-sections-title">{t('home.sections.title')}</h2>
      <ul className="link-list">
        {links.map((link) => <li key={link.id}><Link to={link.to}>{t(link.titleKey)}</Link></li>)}
      </ul>
    </nav>
  );
}
