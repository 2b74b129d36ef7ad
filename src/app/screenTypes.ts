/**
 * The shape of screens.config.ts: what a screen entry is and what its conditions see. Types only,
 * so that screens.config.ts (above the shell) can describe itself in the shell's terms with
 * `import type` and nothing of the shell runs because of it; the shell is handed the registry
 * (src/main.tsx → Boot) instead of importing it, so neither side imports the other.
 */
import type { ComponentType } from 'react';
import type { Account } from '../../schemas/account.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { HelpType } from '../../schemas/helpTypes.ts';
import type { OrgSettings } from '../../schemas/orgSettings.ts';

/** Who may see a screen (§6): anyone, only visitors (members go home), only members (visitors go to login). */
export type Guard = 'any' | 'visitor' | 'member';

/** §2 "Progress bar order: profile, locations, subscriptions, information, review" (the order is screens.config.ts's PROGRESS_STEPS). */
export type ProgressStep = 'profile' | 'locations' | 'subscriptions' | 'information' | 'review';

/**
 * Which of §2's three addresses of one sign-up form a screen is: the wizard step
 * `new/account/<step>` (progress bar, Skip / Save and Continue), its edit page
 * `new/account/edit-<step>` (no progress bar, back link to review) or the member's page `my-<page>`
 * (Cancel goes home). One screen module serves all three and reads which one from `useScreenMode()`.
 */
export type ScreenMode = 'step' | 'edit' | 'my';

/** What a screen's conditions may look at: the organisation, its flags, the member and the address. */
export interface ScreenContext {
  orgId: string;
  org: OrgSettings;
  flags: FeatureFlags;
  account: Account | null;
  query: URLSearchParams;
  /** §2: the `entryFromPublicPortal=true` cookie is set for this organisation. */
  entryFromPublicPortal: boolean;
}

export type Condition = (ctx: ScreenContext) => boolean;

export interface NavItem {
  labelKey: string;
  /** Position in the bar, lower first. */
  order: number;
  /**
   * Only narrows: a screen's item shows exactly when the screen would be shown (its guard, `when`
   * and redirects, src/app/navItems.ts) and this holds, e.g. §2 "sign up (… outside the member app)".
   */
  when?: Condition;
}

export type ScreenModule = { default: ComponentType };

export interface Screen {
  id: string;
  /** Relative to /{orgId}; `*` matches the rest of the address. */
  path: string;
  titleKey: string;
  guard: Guard | ((ctx: ScreenContext) => Guard);
  /** The flag or condition that enables the screen; when it fails the screen is `otherwise`. */
  when?: Condition;
  /** Where a disabled screen goes: the first enabled of these screen ids, else not-found. */
  otherwise?: readonly string[];
  /** Redirect before rendering (relative to /{orgId}), e.g. task → cm/taskList. */
  redirect?: (ctx: ScreenContext) => string | null;
  /** Shows the deactivated page when the organisation has enableSSP false (§2). */
  selfService?: boolean;
  /** §2 entryFromPublicPortal cookie: set on portal-home/new-profile, removed on new/login. */
  publicPortalEntry?: 'set' | 'clear';
  /** For the screens of a sign-up form: which of its three addresses this is. */
  mode?: ScreenMode;
  nav?: NavItem;
  help?: HelpType;
  progressStep?: ProgressStep;
  load: () => Promise<ScreenModule>;
}

/** Navigation entries that are not screens of their own (§2 "welcome line with the account name and Logout", "back to portal"). */
export interface LinkNavItem extends Required<NavItem> {
  id: string;
  /** An address outside the screens (a server route or another site); `null` for a line of text. */
  href: (ctx: ScreenContext) => string | null;
  /** What the item does when chosen, instead of going to `href` (Logout posts, issue 9 row 11). */
  onSelect?: (ctx: ScreenContext) => unknown;
}

/** A page outside any organisation, loaded when its address is visited. */
export type PageLoader<Props> = () => Promise<{ default: ComponentType<Props> }>;

/** The addresses that belong to no organisation (§2 `/comms/{commsId}`; the root page, the demo mailbox, the admin preview). */
export interface OutsidePages {
  root: PageLoader<object>;
  mails: PageLoader<{ orgId: string | null }>;
  admin: PageLoader<object>;
  comms: PageLoader<{ commsId: string }>;
}

/** Everything the shell draws, as screens.config.ts hands it over. */
export interface ScreenRegistry {
  screens: readonly Screen[];
  linkNav: readonly LinkNavItem[];
  pages: OutsidePages;
}
