import { useTranslation } from 'react-i18next';
import type { ProgressStep, Screen, ScreenContext } from './screenTypes.ts';

/**
 * §2 "Progress bar order: profile, locations, subscriptions, information, review": the sign-up steps
 * this organisation has (a step only when its condition holds, as nextProgressStep.ts decides where
 * a step leads), in that order, as a list. The steps before the current one are done; the current
 * one is `aria-current="step"`, and each says so in words too, not by colour alone. Profile is the
 * sign-up page itself, so it is done on every step after it. Drawn above the step's page, never on
 * its edit-* page (§2 "progress bar hidden on addresses containing 'edit-'": those have no progressStep).
 */
export function ProgressBar({ screens, current, ctx }: { screens: readonly Screen[]; current: ProgressStep; ctx: ScreenContext }) {
  const { t } = useTranslation();
  const steps = screens.filter((screen) => screen.progressStep !== undefined && (!screen.when || screen.when(ctx))).map((screen) => screen.progressStep!);
  const index = steps.indexOf(current);
  return (
    <nav className="progress-bar" aria-label={t('progress.label')}>
      <p className="progress-count">{t('progress.count', { current: index + 1, total: steps.length })}</p>
      <ol>
        {steps.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'upcoming';
          return (
            <li key={step} className={`progress-step progress-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="progress-marker" aria-hidden="true">{state === 'done' ? '✓' : i + 1}</span>
              <span className="progress-name">{t(`progress.step.${step}`)}</span>
              {state === 'done' ? <span className="visually-hidden"> ({t('progress.done')})</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
