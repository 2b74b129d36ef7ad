/**
 * §4 "Subscription tree: checking a parent checks all non-disabled children; parent checked only
 * when all children are; mandatory checked items are disabled", as pure functions of a tree of keys.
 * The browser's tree widget, the server's save and the review page all go through them, so a
 * member's choice means the same thing everywhere.
 *
 * A member's choice is kept as the set of checked LEAVES: a parent's state follows from its leaves
 * (checked when all are, mixed when some are), so it is never stored and cannot disagree with them.
 * A mandatory node makes every node under it mandatory (§3 mandatory), and a mandatory leaf is
 * always checked (`withMandatory`).
 */

/** A node of a checkbox tree: its key (a topic's serviceId, a group's id), label and children. */
export interface TreeNode {
  key: number;
  label: string;
  /** Checked and disabled (§4); inherited by every node under it. */
  mandatory: boolean;
  children: TreeNode[];
}

export type NodeState = 'checked' | 'mixed' | 'unchecked';

/** How deep a tree of the organisation's may go (org-settings.schema.json `alertSubscriptions`). */
export const MAX_TREE_DEPTH = 5;

/**
 * The tree of a flat list whose items name their parent (the settings' alert topics, the groups),
 * in the list's order; `mandatory` passes down. An item whose parent is not in the list, or that
 * sits in a cycle, is left out (the settings validator refuses both before they are saved).
 */
export function buildTree<T>(
  items: readonly T[], keyOf: (item: T) => number, parentOf: (item: T) => number | undefined | null,
  nodeOf: (item: T) => { label: string; mandatory: boolean },
): TreeNode[] {
  const childrenOf = new Map<number | null, T[]>();
  for (const item of items) {
    const parent = parentOf(item) ?? null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), item]);
  }
  const visit = (parent: number | null, inherited: boolean, depth: number): TreeNode[] =>
    depth > MAX_TREE_DEPTH ? [] : (childrenOf.get(parent) ?? []).map((item) => {
      const { label, mandatory } = nodeOf(item);
      const key = keyOf(item);
      return { key, label, mandatory: inherited || mandatory, children: visit(key, inherited || mandatory, depth + 1) };
    });
  return visit(null, false, 1);
}

/** Every node of `nodes`, depth first, each before its children (the order the page lists them). */
export function flatten(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** The leaves under `node` (itself when it has no children). */
export function leavesOf(node: TreeNode): TreeNode[] {
  return node.children.length === 0 ? [node] : node.children.flatMap(leavesOf);
}

/** The keys of every leaf of the tree, in its order. */
export const leafKeys = (nodes: readonly TreeNode[]): number[] => nodes.flatMap(leavesOf).map((leaf) => leaf.key);

/** §4 "parent checked only when all children are": a leaf is checked or not; a parent by its leaves. */
export function nodeState(node: TreeNode, checked: ReadonlySet<number>): NodeState {
  const leaves = leavesOf(node);
  const on = leaves.filter((leaf) => checked.has(leaf.key)).length;
  if (on === leaves.length) return 'checked';
  return on === 0 ? 'unchecked' : 'mixed';
}

/** `checked` in the tree's order, restricted to its leaves, with every mandatory leaf added. */
export function withMandatory(nodes: readonly TreeNode[], checked: Iterable<number>): number[] {
  const chosen = new Set(checked);
  return nodes.flatMap(leavesOf).filter((leaf) => leaf.mandatory || chosen.has(leaf.key)).map((leaf) => leaf.key);
}

/**
 * §4 "checking a parent checks all non-disabled children": the leaves after the member sets `key`
 * on or off. Every leaf under it that is not mandatory follows; mandatory leaves stay checked.
 * An unknown key changes nothing.
 */
export function toggle(nodes: readonly TreeNode[], checked: Iterable<number>, key: number, on: boolean): number[] {
  const node = flatten(nodes).find((candidate) => candidate.key === key);
  const chosen = new Set(checked);
  if (node) {
    for (const leaf of leavesOf(node)) {
      if (leaf.mandatory) continue;
      if (on) chosen.add(leaf.key);
      else chosen.delete(leaf.key);
    }
  }
  return withMandatory(nodes, chosen);
}

/**
 * A list of `{key, checked}` changes applied as the page applies clicks (§7's `subs` of a save): a
 * parent's entry sets its leaves, then deeper entries win over shallower ones, so "the parent
 * checked but this child not" means what it says. Keys not in the tree are the caller's to refuse.
 */
export function applyChanges(nodes: readonly TreeNode[], checked: Iterable<number>, changes: readonly { key: number; checked: boolean }[]): number[] {
  const depth = new Map<number, number>();
  const measure = (list: readonly TreeNode[], level: number) => list.forEach((node) => {
    depth.set(node.key, level);
    measure(node.children, level + 1);
  });
  measure(nodes, 1);
  const ordered = [...changes].sort((a, b) => (depth.get(a.key) ?? 0) - (depth.get(b.key) ?? 0));
  return ordered.reduce<number[]>((current, change) => toggle(nodes, current, change.key, change.checked), withMandatory(nodes, checked));
}
