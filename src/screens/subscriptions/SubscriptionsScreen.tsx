import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buildSubscriptionsSchema } from '../../../schemas/forms/buildSubscriptionsSchema.ts';
import { groupChanges, saveSubscriptionsBody, weatherNodeOf, type SubscriptionsFormData } from '../../../schemas/subscriptions/formData.ts';
import { getAddresses } from '../../api/addresses.ts';
import { assignIncidentTopics } from '../../api/incidentSubscriptions.ts';
import { saveGroupSubscriptions, saveSubscriptions } from '../../api/subscriptions.ts';
import { nextProgressStep } from '../../app/nextProgressStep.ts';
import { useScreenRegistry } from '../../app/ScreenRegistryContext.ts';
import { useScreenContext } from '../../app/useScreenContext.ts';
import { useCurrentScreen, useScreenMode } from '../../app/useScreenMode.ts';
import type { ScreenMode } from '../../app/screenTypes.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SAVE_FAILED, SavedNotice } from '../../components/SavedNotice.tsx';
import { done, FormAlert, PointPicker, refused, SchemaForm, useBuiltForm, useSubmission } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { AlertReachPanel } from './AlertReachPanel.tsx';
import { subscriptionFlags, subscriptionStart, useSubscriptionData, type SubscriptionData } from './subscriptionData.ts';

/** §2 "edit mode: … Save stays and shows success box 'home.alert.box.message.mySubscriptions'". */
export const SAVE_SUCCEEDED = 'home.alert.box.message.mySubscriptions';

/**
 * §2 Subscriptions page, one module for three addresses (`useScreenMode()`): the sign-up step
 * new/account/subscriptions ('step': the progress bar, Skip unless something is mandatory, "Save and
 * continue" to the next step), its edit page edit-subscriptions ('edit': a back link to review) and
 * my-subscription ('my': Cancel to home, Save stays and says so). The form is the subscriptions
 * builder's (schemas/forms/buildSubscriptionsSchema.ts): the alert tree, the Weather topic's
 * categories with do-not-disturb, the opt-in groups and the incident topics, each where the
 * organisation has it (subscriptionData.ts reads them). §4 "alert and group updates run in parallel
 * … or proceed to incident subscriptions": a save sends both at once, then the incident topics; a
 * refusal shows its messages at the fields it names.
 */
export default function SubscriptionsScreen() {
  const { t } = useTranslation();
  const screen = useCurrentScreen();
  const mode = useScreenMode() ?? 'my';
  const { boot, account } = useOrg();
  const org = boot.organization;
  const contactId = account?.id ?? null;
  const loaded = useSubscriptionData(boot.orgId, org, contactId);

  return (
    <section className="card" aria-labelledby="subscriptions-title" data-screen={screen?.id} data-mode={mode}>
      {mode === 'edit' ? <p><Link to={`/${encodeURIComponent(boot.orgId)}/new/account/review`}>{t('subscriptions.backToReview')}</Link></p> : null}
      <PageHeading id="subscriptions-title">{t('page.title.subscriptions')}</PageHeading>
      <p>{t('subscriptions.intro')}</p>
      {loaded.status === 'loading' ? <LoadingBar /> : null}
      {loaded.status === 'failed' ? <p className="notice" role="alert">{t('subscriptions.loadFailed')}</p> : null}
      {loaded.status === 'ready' && contactId !== null
        ? <SubscriptionsForm data={loaded} mode={mode} contactId={contactId} />
        : null}
      {/* Beyond the spec (issue 13): what the saved choices mean for an alert, off the sign-up steps. */}
      {loaded.status === 'ready' && contactId !== null && mode !== 'step' && loaded.alerts ? <AlertReachPanel contactId={contactId} data={loaded} PointMap={PointPicker} /> : null}
    </section>
  );
}

interface FormProps {
  data: SubscriptionData;
  mode: ScreenMode;
  contactId: number;
}

function SubscriptionsForm({ data, mode, contactId }: FormProps) {
  const { alerts, groups, incidents } = data;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { boot, flags, entryFromPublicPortal } = useOrg();
  const screens = useScreenRegistry().screens;
  const ctx = useScreenContext();
  const orgId = boot.orgId;
  const org = `/${encodeURIComponent(orgId)}`;
  const tree = alerts?.alertTree ?? [];
  const { form, validator } = useBuiltForm(
    orgId, boot.organization, 'subscriptions', buildSubscriptionsSchema, subscriptionFlags(data, flags), mode === 'step' ? 'signup' : 'edit',
  );
  const [saved, setSaved] = useState(false);

  const [weatherWarning, setWeatherWarning] = useState(false);
  // What the groups were when the page opened, or after the last save: a save sends only the changes.
  const [groupsBefore, setGroupsBefore] = useState<number[]>(groups?.selectedGroupIds ?? []);
  const initialData = subscriptionStart(data);
  const next = mode === 'step' ? nextProgressStep(screens, 'subscriptions', ctx) : null;

  const submission = useSubmission<SubscriptionsFormData>(initialData, async (values) => {
    setSaved(false);
    const changes = groupChanges(groupsBefore, values.groups ?? []);
    const [alertResult, groupResult] = await Promise.all([
      alerts ? saveSubscriptions(orgId, contactId, saveSubscriptionsBody(tree, values, contactId)) : null,
      groups && (changes.addGroups.length > 0 || changes.removeGroups.length > 0) ? saveGroupSubscriptions(orgId, contactId, changes) : null,
    ]);
    const alertsOk = alertResult === null || (!alertResult.hasError && !alertResult.isCanceled && alertResult.data?.status === 'yes');
    const groupsOk = groupResult === null || (!groupResult.hasError && !groupResult.isCanceled && groupResult.data?.result === true);
    if (groupsOk && groupResult !== null) setGroupsBefore(values.groups ?? []);
    // Then the incident topics, once the rest is saved.
    const incidentResult = alertsOk && groupsOk && incidents ? await assignIncidentTopics(orgId, contactId, values.incidents ?? []) : null;
    const incidentsOk = incidentResult === null || (!incidentResult.hasError && !incidentResult.isCanceled && incidentResult.data?.result === 'true');
    if (alertsOk && groupsOk && incidentsOk) {
      // §4 "Weather warnings appear in a warning modal": weather alerts chosen, and no place to send them for.
      const warn = (values.weather ?? []).length > 0 && boot.organization.showAddress && !(await hasPlace(orgId, contactId));
      if (mode === 'step' && !warn) {
        void navigate(`${org}/${next ?? 'home'}`);
        return done({ leaving: true });
      }
      if (warn) setWeatherWarning(true);
      if (mode !== 'step') setSaved(true);
      return done();
    }
    const failure = !alertsOk ? alertResult?.data : !groupsOk ? groupResult?.data : incidentResult?.data;
    return refused(failure ?? null, { fallbackKey: SAVE_FAILED, isKnown: (key) => i18n.exists(key) });
  });

  const home = `${org}/${entryFromPublicPortal ? 'portal-home' : 'home'}`;
  const hasFields = Object.keys(form.schema.properties ?? {}).length > 0;
  // §2 "Skip is hidden when any mandatory item exists".
  const weather = weatherNodeOf(tree);
  const anyMandatory = (function mandatoryIn(nodes: typeof tree): boolean {
    return nodes.some((node) => node.mandatory || mandatoryIn(node.nodes));
  })(tree) || weather?.mandatory === true;
  const canSkip = mode === 'step' && !anyMandatory;

  if (!hasFields) {
    return (
      <>
        <p>{t('subscriptions.none')}</p>
        <p className="form-actions">
          {mode === 'step'
            ? <Link className="button button-primary" to={`${org}/${next ?? 'home'}`}>{t('subscriptions.continue')}</Link>
            : <Link className="button" to={home}>{t('subscriptions.backHome')}</Link>}
        </p>
      </>
    );
  }

  return (
    <>
      {weatherWarning ? (
        <WeatherWarning
          locationsPath={`${org}/${mode === 'step' ? 'new/account/mylocation' : 'my-location'}`}
          onClose={() => {
            setWeatherWarning(false);
            if (mode === 'step') void navigate(`${org}/${next ?? 'home'}`);
          }}
        />
      ) : null}
      {saved ? <SavedNotice messageKey={SAVE_SUCCEEDED} focus={!weatherWarning} /> : null}
      <SchemaForm<SubscriptionsFormData>
        idPrefix="subscriptions"
        form={form}
        validator={validator}
        {...submission.form}
        onChange={(data) => {
          setSaved(false);
          submission.form.onChange(data);
        }}
        submitLabelKey={mode === 'step' ? 'subscriptions.saveAndContinue' : 'subscriptions.save'}
        busyLabelKey="form.busy.saving"
        aboveSubmit={<FormAlert message={submission.message} />}
      >
        {canSkip ? <Link className="button" to={`${org}/${next ?? 'home'}`}>{t('subscriptions.skip')}</Link> : null}
        {mode !== 'step' ? <Link className="button" to={home}>{t('subscriptions.cancel')}</Link> : null}
      </SchemaForm>
    </>
  );
}

/** Whether the member keeps a static location with a point (what weather alerts are sent for). */
async function hasPlace(orgId: string, contactId: number): Promise<boolean> {
  const result = await getAddresses(orgId, contactId);
  // Unknown (the list could not be read): no warning rather than a wrong one.
  if (result.hasError || !result.data) return true;
  return result.data.addresses.some((address) => typeof address.lat === 'number' && typeof address.lon === 'number');
}

/**
 * §4 "Weather warnings appear in a warning modal": weather alerts go to the places a member keeps, and
 * this member keeps none. "Add a location" leads to the Locations page; "Not now" goes on (the next
 * sign-up step, or stays on the page).
 */
function WeatherWarning({ locationsPath, onClose }: { locationsPath: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('subscriptions.weather.warning.title')} onClose={onClose}>
      <p>{t('subscriptions.weather.warning.text')}</p>
      <div className="dialog-actions">
        <Link className="button button-primary" to={locationsPath}>{t('subscriptions.weather.warning.addLocation')}</Link>
        <button type="button" className="button" onClick={onClose} data-autofocus>{t('subscriptions.weather.warning.later')}</button>
      </div>
    </Dialog>
  );
}
