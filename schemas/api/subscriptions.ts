/**
 * The subscription calls of §7 (issue 13 "Subscriptions"), the member's own (`/{orgId}/{contactId}/…`):
 * - `GET …/subscriptions` → `{ alertTree, nodisturb, showTimeZone, timezones }`: §3 alert tree nodes
 *   (serviceId, name, type, checked, disabled, mandatory, leaf, nodes, level; the Weather node's
 *   `weatherCategoryList` with each category's `checked`), §3 no-disturb (null until first set), and
 *   the zones to choose from when the organisation asks for one (showAlertSubscriptionTimeZone).
 * - `POST …/subscriptions` (form `rs`: JSON `{contactId?, subs: [{serviceId, checked, name?, type?,
 *   weatherCategoryList?}]}`, `rsNodisturb`: JSON no-disturb) → `status: 'yes'`. `subs` names the
 *   nodes whose state changes, as the page's clicks would (a parent sets its children, a deeper
 *   entry wins); a node not named keeps its state; a Weather entry's `weatherCategoryList` is the
 *   chosen categories (checked: false clears them). Mandatory topics stay checked whatever is sent.
 *   400 `validation` with §5's keys (`/noDisturb/endTime` 'alertSubscription.dialog.content.equal',
 *   `/noDisturb/timeZoneId` 'ssp.controller.subscription.set.timezone'); 400 `request.invalid` for a
 *   serviceId or category the organisation does not offer; 404 `subscriptions.notShown` when alert
 *   subscriptions are off.
 * - `GET …/groupSubscriptions` → `{ groups, selectedGroupIds }`: §3 Group opt-in as a tree (id, name,
 *   level, groups) and the ids of those the member is in.
 * - `PUT …/groupSubscriptions` (JSON `{removeGroups, addGroups}`) → `{ result: true }`; 400
 *   `request.invalid` for a group that is not open to opting in, or named in both lists; 404
 *   `groupSubscriptions.notShown` when group subscriptions are off.
 * Conventions: common.ts.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { NoDisturb as NoDisturbEntity } from '../entities.ts';
import { MAX_TREE_DEPTH } from '../rules/subscriptionTree.ts';
import { Text, type Refusal, type Reply } from './common.ts';

export { MemberParams } from './profile.ts';

/** At most as many topics as the settings hold (org-settings.schema.json `alertSubscriptions` maxItems). */
const MAX_TOPICS = 200;
/** The most groups one change may name. */
export const MAX_GROUP_CHANGES = 200;

const Meridiem = Type.Unsafe<'AM' | 'PM'>({ type: 'string', enum: ['AM', 'PM'] });

/** §3 no-disturb as stored and answered. */
export const NoDisturb = Type.Object({
  checked: Type.Boolean(),
  startTime: Type.String(),
  startMeridiem: Meridiem,
  endTime: Type.String(),
  endMeridiem: Meridiem,
  timeZoneId: Type.String(),
});

/** One category of the Weather node and whether the member chose it. */
export const WeatherCategoryState = Type.Object({ category: Type.String(), checked: Type.Boolean() });

/** §3 alert tree node, as the member sees it. */
export interface AlertNode {
  serviceId: number;
  name: string;
  type: 'Standard' | 'Weather';
  /** §4 "parent checked only when all children are". */
  checked: boolean;
  /** Mandatory: the member cannot change it. */
  disabled: boolean;
  mandatory: boolean;
  leaf: boolean;
  /** 1 at the top. */
  level: number;
  nodes: AlertNode[];
  /** The Weather node's categories. */
  weatherCategoryList?: Static<typeof WeatherCategoryState>[];
}

/** The node schema, nested as deep as a tree may go (a recursive `$ref` would be lost on the serializer). */
function alertNodeSchema(depth: number): TSchema {
  return Type.Object({
    serviceId: Type.Integer(),
    name: Type.String(),
    type: Type.Unsafe<'Standard' | 'Weather'>({ type: 'string', enum: ['Standard', 'Weather'] }),
    checked: Type.Boolean(),
    disabled: Type.Boolean(),
    mandatory: Type.Boolean(),
    leaf: Type.Boolean(),
    level: Type.Integer(),
    nodes: depth > 1 ? Type.Array(alertNodeSchema(depth - 1)) : Type.Array(Type.Object({}), { maxItems: 0 }),
    weatherCategoryList: Type.Optional(Type.Array(WeatherCategoryState)),
  });
}

const TimeZoneOption = Type.Object({ id: Type.String(), displayLabel: Type.String() });

export const SubscriptionsAnswer = Type.Object({
  alertTree: Type.Array(Type.Unsafe<AlertNode>(alertNodeSchema(MAX_TREE_DEPTH))),
  nodisturb: Type.Union([NoDisturb, Type.Null()]),
  /** showAlertSubscriptionTimeZone: a zone is asked for with no-disturb. */
  showTimeZone: Type.Boolean(),
  timezones: Type.Array(TimeZoneOption),
});
export type SubscriptionsAnswer = Static<typeof SubscriptionsAnswer>;

/** One entry of `subs`: a node's new state; the other §3 fields may come back as they came, and are ignored. */
export const SubscriptionChange = Type.Object({
  serviceId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  checked: Type.Boolean(),
  name: Type.Optional(Text(200)),
  type: Type.Optional(Text(20)),
  weatherCategoryList: Type.Optional(Type.Array(Text(10), { maxItems: 50 })),
}, { additionalProperties: false });
export type SubscriptionChange = Static<typeof SubscriptionChange>;

/** `rsNodisturb` as sent: the form's fields, checked by the subscriptions form's schema. */
export const NoDisturbInput = Type.Object({
  checked: Type.Boolean(),
  startTime: Type.Optional(Text(10)),
  startMeridiem: Type.Optional(Text(2)),
  endTime: Type.Optional(Text(10)),
  endMeridiem: Type.Optional(Text(2)),
  timeZoneId: Type.Optional(Text(64)),
}, { additionalProperties: false });
export type NoDisturbInput = Static<typeof NoDisturbInput>;

/** The save's body as it is validated: `rs` and `rsNodisturb` hold JSON text in the form (§7); the route reads them first. */
export const SaveSubscriptionsBody = Type.Object({
  rs: Type.Object({
    contactId: Type.Optional(Type.Union([Type.Integer(), Text(12)])),
    subs: Type.Array(SubscriptionChange, { maxItems: MAX_TOPICS }),
  }, { additionalProperties: false }),
  rsNodisturb: Type.Optional(Type.Union([NoDisturbInput, Type.Null()])),
});
export type SaveSubscriptionsBody = Static<typeof SaveSubscriptionsBody>;

/** What the browser sends: both as JSON text (a form). */
export interface SaveSubscriptionsForm {
  rs: string;
  rsNodisturb?: string;
}

/** §7 "status 'yes'". */
export const SaveSubscriptionsAnswer = Type.Object({ status: Type.String() });
export type SaveSubscriptionsAnswer = Static<typeof SaveSubscriptionsAnswer>;
export type SaveSubscriptionsReply = Reply<SaveSubscriptionsAnswer, Refusal>;

/** §3 Group opt-in node (id, name, level, groups). */
export interface GroupNode {
  id: number;
  name: string;
  level: number;
  groups: GroupNode[];
}

function groupNodeSchema(depth: number): TSchema {
  return Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    level: Type.Integer(),
    groups: depth > 1 ? Type.Array(groupNodeSchema(depth - 1)) : Type.Array(Type.Object({}), { maxItems: 0 }),
  });
}

export const GroupSubscriptionsAnswer = Type.Object({
  groups: Type.Array(Type.Unsafe<GroupNode>(groupNodeSchema(MAX_TREE_DEPTH))),
  selectedGroupIds: Type.Array(Type.Integer()),
});
export type GroupSubscriptionsAnswer = Static<typeof GroupSubscriptionsAnswer>;

const GroupIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: MAX_GROUP_CHANGES, uniqueItems: true });

export const GroupSubscriptionsBody = Type.Object({
  removeGroups: Type.Optional(GroupIds),
  addGroups: Type.Optional(GroupIds),
}, { additionalProperties: false });
export type GroupSubscriptionsBody = Static<typeof GroupSubscriptionsBody>;

/** §7 "result true success". */
export const GroupSubscriptionsSaved = Type.Object({ result: Type.Boolean() });
export type GroupSubscriptionsSaved = Static<typeof GroupSubscriptionsSaved>;

/** The NoDisturb entity is the wire's shape. */
export type NoDisturb = NoDisturbEntity;
