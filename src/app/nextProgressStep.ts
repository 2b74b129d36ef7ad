import type { ProgressStep, Screen, ScreenContext } from './screenTypes.ts';

/**
 * §2 sign-up steps: where a step's single submit leads. The wizard's pages are the screens with a
 * `progressStep` (listed in the progress bar's order, screens.config.ts PROGRESS_STEPS); the next one
 * is the first after `step` whose condition holds for this organisation and member (locations only
 * when addresses are shown, subscriptions when one of them is on, information when custom fields
 * are; review always). Answers its path under /{orgId}, or null when `step` is the last.
 */
export function nextProgressStep(screens: readonly Screen[], step: ProgressStep, ctx: ScreenContext): string | null {
  const steps = screens.filter((screen) => screen.progressStep !== undefined);
  const index = steps.findIndex((screen) => screen.progressStep === step);
  if (index === -1) return null;
  return steps.slice(index + 1).find((screen) => !screen.when || screen.when(ctx))?.path ?? null;
}
