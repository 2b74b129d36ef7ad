/**
 * The sweep (issue 9 row 9): what has expired is deleted on a schedule, so no table only grows.
 * Every app process runs it; an advisory lock lets one of them at a time do the work, and every
 * statement is a plain `DELETE … WHERE` that another process could repeat without harm. What is
 * kept, and for how long, is in the README ("Sessions and what is kept").
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { deleteExpiredAccessKeys } from '../repositories/accessKeys.ts';
import { deleteExpiredAdminSessions } from '../repositories/admins.ts';
import { deleteDeliveriesBefore, trimDeliveries } from '../repositories/deliveryOutbox.ts';
import { deleteMailsBefore, trimOutboxes } from '../repositories/mailOutbox.ts';
import { deletePreviewModulesBefore } from '../repositories/previewValidatorModules.ts';
import { deleteSpentResets } from '../repositories/passwordResets.ts';
import { deleteSpentConfirmations } from '../repositories/pathConfirmations.ts';
import { deleteExpiredPendingSignIns } from '../repositories/pendingSignIns.ts';
import { deleteExpiredPublicProfiles } from '../repositories/publicProfiles.ts';
import { deleteExpiredEnrolments } from '../repositories/secondFactors.ts';
import { deleteExpiredSessions } from '../repositories/sessions.ts';
import { deleteExpiredSsoRows } from '../repositories/sso.ts';
import { withSweepLock } from '../repositories/sweepLock.ts';
import { deleteExpiredTestNotificationRows } from '../repositories/testNotifications.ts';
import { deleteThrottlesBefore } from '../repositories/throttle.ts';

/** How often the sweep runs. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Mails are kept this long in the outbox (sent, failed or never sent), and so are delivery attempts… */
export const OUTBOX_DAYS = 30;
/** …and at most this many per organisation (the demo mailbox shows the newest 50). */
export const OUTBOX_PER_ORGANIZATION = 1000;
/**
 * A throttle count is kept one day after its window opened: every window counts over an hour or
 * less, so by then it counts nothing.
 */
export const THROTTLE_KEPT_MS = 24 * 60 * 60 * 1000;
/** The admin preview's compiled form validators are kept a day (a preview open longer compiles again). */
export const PREVIEW_MODULES_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what has expired: sessions (their sign-ins with them), administrator sessions, throttle
 * counts past their window, used or expired reset links, expired access keys and public profiles,
 * mails and delivery attempts older than OUTBOX_DAYS and beyond the newest OUTBOX_PER_ORGANIZATION of
 * an organisation (each table on its own),
 * the admin preview's form validators older than a day, sign-ins that waited for their second step
 * and second factors being added past their end (issue 15).
 * Answers false when another process was sweeping (nothing done here).
 */
export function sweep(db: Db, now = Date.now()): Promise<boolean> {
  return withSweepLock(db, async (tx) => {
    await deleteExpiredSessions(tx);
    await deleteExpiredAdminSessions(tx);
    await deleteThrottlesBefore(tx, new Date(now - THROTTLE_KEPT_MS));
    // Contact-path codes count in limits of an hour at most: kept as long as the throttle counts.
    await deleteSpentConfirmations(tx, new Date(now - THROTTLE_KEPT_MS));
    await deleteSpentResets(tx);
    await deleteExpiredAccessKeys(tx);
    await deleteExpiredPublicProfiles(tx);
    await deleteExpiredPendingSignIns(tx, new Date(now));
    await deleteExpiredEnrolments(tx, new Date(now));
    await deleteExpiredSsoRows(tx);
    await deleteMailsBefore(tx, new Date(now - OUTBOX_DAYS * 24 * 60 * 60 * 1000));
    await trimOutboxes(tx, OUTBOX_PER_ORGANIZATION);
    await deleteDeliveriesBefore(tx, new Date(now - OUTBOX_DAYS * 24 * 60 * 60 * 1000));
    await trimDeliveries(tx, OUTBOX_PER_ORGANIZATION);
    await deletePreviewModulesBefore(tx, new Date(now - PREVIEW_MODULES_KEPT_MS));
    // Used captcha solutions once their challenge expired; test notifications after as long as deliveries.
    await deleteExpiredTestNotificationRows(tx, new Date(now), new Date(now - OUTBOX_DAYS * 24 * 60 * 60 * 1000));
  });
}

export interface Sweeper {
  /** Stops the schedule and waits for a sweep under way. */
  stop(): Promise<void>;
}

/**
 * Sweeps now and then every `intervalMs` until stopped; a failed sweep is logged and tried again
 * at the next turn (nothing depends on it but disk space).
 */
export function startSweeping(db: Db, log: FastifyBaseLogger, intervalMs = SWEEP_INTERVAL_MS): Sweeper {
  let running: Promise<unknown> | null = null;
  const turn = () => {
    running ??= sweep(db)
      .catch((err: unknown) => log.warn({ err }, 'sweep failed'))
      .finally(() => { running = null; });
  };
  turn();
  const timer = setInterval(turn, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
