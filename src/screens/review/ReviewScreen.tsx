import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AddressListAnswer } from '../../../schemas/api/addresses.ts';
import type { CustomFieldsAnswer } from '../../../schemas/api/customFields.ts';
import type { FeatureFlags } from '../../../schemas/featureFlags.ts';
import { buildSubscriptionsSchema } from '../../../schemas/forms/buildSubscriptionsSchema.ts';
import type { SubscriptionsFormData } from '../../../schemas/subscriptions/formData.ts';
import { getAddresses } from '../../api/addresses.ts';
import { getCustomFields } from '../../api/customFields.ts';
import { useContactPaths, useProfile } from '../../api/hooks.ts';
import type { ApiResult } from '../../api/client.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { addressLines, SchemaForm, useBuiltForm } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { ProfileSummary } from '../home/ProfileSummary.tsx';
import { ExpectedLocations } from '../locations/ExpectedLocations.tsx';
import { subscriptionFlags, subscriptionStart, useSubscriptionData, type SubscriptionData } from '../subscriptions/subscriptionData.ts';

type Loading<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/** One call's answer as a loading state, asked again when `deps` change; `call` null asks nothing (ready with null). */
function useLoaded<T>(call: ((signal: AbortSignal) => Promise<ApiResult<T>>) | null, deps: readonly unknown[]): Loading<T | null> {
  const [state, setState] = useState<Loading<T | null>>(call ? { status: 'loading' } : { status: 'ready', data: null });
  useEffect(() => {
    if (!call) return;
    const controller = new AbortController();
    void call(controller.signal).then((result) => {
      if (result.isCanceled) return;
      setState(result.hasError || result.data === null || result.data === undefined ? { status: 'failed' } : { status: 'ready', data: result.data });
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `call` is a new closure each render; `deps` name what it reads.
  }, deps);
  return state;
}

/**
 * §2 Review page (new/account/review, the wizard's last step): only the sections the organisation
 * has (profile, locations, subscriptions, additional information), each under a heading that links
 * to its edit-* page (§2 "headings link to ../edit-*"), drawn from the same calls as the pages
 * themselves. Locations: the static ones ("label: street address") and the expected-locations table
 * with its row actions (ExpectedLocations.tsx). Subscriptions: the subscriptions form in review mode
 * (the alert and group trees with check marks, the weather alerts counted, the incident topics). Additional information:
 * each field's name with its values joined by commas, the empty ones left out. Finish goes to the
 * manage home (§2: portal-home when the member came from the public portal).
 */
export default function ReviewScreen() {
  const { t } = useTranslation();
  const { boot, account, entryFromPublicPortal } = useOrg();
  const org = boot.organization;
  const orgPath = `/${encodeURIComponent(boot.orgId)}`;
  const contactId = account?.id ?? null;
  const showsSubscriptions = org.showAlertSubscription || org.showGroupSubscription || org.showIncidentSub;

  return (
    <section className="card review" aria-labelledby="review-title" data-screen="signUpReview">
      <PageHeading id="review-title">{t('page.title.review')}</PageHeading>
      <p>{t('review.intro')}</p>
      {contactId !== null ? (
        <>
          {org.showProfile ? (
            <ReviewSection id="profile" titleKey="review.section.profile" edit={`${orgPath}/new/account/edit-profile`}>
              <ProfileReview orgId={boot.orgId} contactId={contactId} />
            </ReviewSection>
          ) : null}
          {org.showAddress ? (
            <ReviewSection id="locations" titleKey="review.section.locations" edit={`${orgPath}/new/account/edit-mylocation`}>
              <LocationsReview orgId={boot.orgId} contactId={contactId} />
            </ReviewSection>
          ) : null}
          {showsSubscriptions ? (
            <ReviewSection id="subscriptions" titleKey="review.section.subscriptions" edit={`${orgPath}/new/account/edit-subscriptions`}>
              <SubscriptionsReview contactId={contactId} />
            </ReviewSection>
          ) : null}
          {org.showCustomfield && org.customFields.length > 0 ? (
            <ReviewSection id="information" titleKey="review.section.information" edit={`${orgPath}/new/account/edit-additionalInformation`}>
              <InformationReview orgId={boot.orgId} contactId={contactId} />
            </ReviewSection>
          ) : null}
        </>
      ) : null}
      <p className="form-actions">
        <Link className="button button-primary" to={`${orgPath}/${entryFromPublicPortal ? 'portal-home' : 'home'}`}>{t('review.finish')}</Link>
      </p>
    </section>
  );
}

function ReviewSection({ id, titleKey, edit, children }: { id: string; titleKey: string; edit: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="review-section" aria-labelledby={`review-${id}-title`}>
      <h2 id={`review-${id}-title`}>
        <Link to={edit}>{t(titleKey)}<span className="review-change"> {t('review.change')}</span></Link>
      </h2>
      {children}
    </section>
  );
}

const LoadFailed = () => {
  const { t } = useTranslation();
  return <p className="notice" role="alert">{t('review.loadFailed')}</p>;
};

function ProfileReview({ orgId, contactId }: { orgId: string; contactId: number }) {
  const profile = useProfile(orgId, contactId);
  const paths = useContactPaths(orgId, contactId);
  if (profile.error || paths.error) return <LoadFailed />;
  if (!profile.data || !paths.data) return <LoadingBar />;
  return <ProfileSummary profile={profile.data} paths={paths.data.contactPaths} unconfirmedPathsReceive={paths.data.unconfirmedPathsReceive} level={3} />;
}

function LocationsReview({ orgId, contactId }: { orgId: string; contactId: number }) {
  const { t, i18n } = useTranslation();
  const loaded = useLoaded<AddressListAnswer>((signal) => getAddresses(orgId, contactId, signal), [orgId, contactId]);
  if (loaded.status === 'failed') return <LoadFailed />;
  if (loaded.status === 'loading' || !loaded.data) return <LoadingBar />;
  const { addresses, exposeExpLoc, editableExpLoc } = loaded.data;
  return (
    <>
      {addresses.length === 0 ? <p className="review-empty">{t('locations.none')}</p> : (
        <ul className="review-locations">
          {addresses.map((address) => (
            <li key={address.id}>
              <strong>{address.locationName}</strong>: {addressLines({ ...address, locationName: '' }, i18n.language).join(', ')}
            </li>
          ))}
        </ul>
      )}
      {exposeExpLoc ? <ExpectedLocations contactId={contactId} editable={editableExpLoc} heading="h3" /> : null}
    </>
  );
}

function SubscriptionsReview({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const { boot, flags } = useOrg();
  const loaded = useSubscriptionData(boot.orgId, boot.organization, contactId);
  if (loaded.status === 'failed') return <LoadFailed />;
  if (loaded.status === 'loading') return <LoadingBar />;
  return <SubscriptionsReviewForm data={loaded} featureFlags={flags} emptyText={t('subscriptions.none')} />;
}

/** The subscriptions form in review mode: the trees with check marks, the weather alerts counted, the topics followed. */
function SubscriptionsReviewForm({ data, featureFlags, emptyText }: { data: SubscriptionData; featureFlags: FeatureFlags; emptyText: string }) {
  const { boot } = useOrg();
  const { form, validator } = useBuiltForm(boot.orgId, boot.organization, 'subscriptions', buildSubscriptionsSchema, subscriptionFlags(data, featureFlags), 'review');
  if (Object.keys(form.schema.properties ?? {}).length === 0) return <p className="review-empty">{emptyText}</p>;
  return (
    <SchemaForm<SubscriptionsFormData>
      idPrefix="review-subscriptions" form={form} validator={validator} formData={subscriptionStart(data)} onSubmit={() => {}}
      submitLabelKey="subscriptions.save" review
    />
  );
}

function InformationReview({ orgId, contactId }: { orgId: string; contactId: number }) {
  const { t } = useTranslation();
  const loaded = useLoaded<CustomFieldsAnswer>((signal) => getCustomFields(orgId, contactId, signal), [orgId, contactId]);
  if (loaded.status === 'failed') return <LoadFailed />;
  if (loaded.status === 'loading' || !loaded.data) return <LoadingBar />;
  // §2 "lists each custom field name with saved values joined by commas, skipping empty".
  const answered = loaded.data.customFields.filter((field) => field.savedValues.some((value) => value.trim() !== ''));
  if (answered.length === 0) return <p className="review-empty">{t('review.information.none')}</p>;
  return (
    <dl className="review-list">
      {answered.map((field) => (
        <div key={field.attrId}>
          <dt>{field.name}</dt>
          <dd>{field.savedValues.filter((value) => value.trim() !== '').join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}
