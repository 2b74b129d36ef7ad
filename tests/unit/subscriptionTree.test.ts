/**
 * §4 "Subscription tree: checking a parent checks all non-disabled children; parent checked only
 * when all children are; mandatory checked items are disabled" (schemas/rules/subscriptionTree.ts),
 * table-driven over one tree with a mandatory branch, and the tree built from a flat list.
 */
import { describe, expect, it } from 'vitest';
import { applyChanges, buildTree, leafKeys, nodeState, toggle, withMandatory, type TreeNode } from '../../schemas/rules/subscriptionTree.ts';

// 1 City services (2 Roads, 3 Water, 4 Trash)  5 Community (6 Events, 7 Parks (8 Pools, 9 Trails))  10 Safety [mandatory] (11 Fire, 12 Police)  13 News
const TOPICS = [
  { id: 1, name: 'City services' }, { id: 2, name: 'Roads', parent: 1 }, { id: 3, name: 'Water', parent: 1 }, { id: 4, name: 'Trash', parent: 1 },
  { id: 5, name: 'Community' }, { id: 6, name: 'Events', parent: 5 }, { id: 7, name: 'Parks', parent: 5 }, { id: 8, name: 'Pools', parent: 7 },
  { id: 9, name: 'Trails', parent: 7 }, { id: 10, name: 'Safety', mandatory: true }, { id: 11, name: 'Fire', parent: 10 }, { id: 12, name: 'Police', parent: 10 },
  { id: 13, name: 'News' },
];
const tree: TreeNode[] = buildTree(TOPICS, (t) => t.id, (t) => t.parent, (t) => ({ label: t.name, mandatory: t.mandatory ?? false }));
const find = (key: number, nodes: readonly TreeNode[] = tree): TreeNode | undefined =>
  nodes.map((node) => (node.key === key ? node : find(key, node.children))).find((node) => node !== undefined);

describe('buildTree', () => {
  it('nests the list by parent in its order, passes mandatory down, and lists the leaves in order', () => {
    expect(tree.map((node) => node.label)).toEqual(['City services', 'Community', 'Safety', 'News']);
    expect(find(7)!.children.map((node) => node.key)).toEqual([8, 9]);
    expect([find(11)!.mandatory, find(12)!.mandatory, find(2)!.mandatory]).toEqual([true, true, false]);
    expect(leafKeys(tree)).toEqual([2, 3, 4, 6, 8, 9, 11, 12, 13]);
  });

  it('leaves out an item whose parent is missing and a cycle', () => {
    const built = buildTree([{ id: 1 }, { id: 2, parent: 99 }, { id: 3, parent: 4 }, { id: 4, parent: 3 }], (t) => t.id, (t) => t.parent,
      () => ({ label: 'x', mandatory: false }));
    expect(built.map((node) => node.key)).toEqual([1]);
  });
});

describe('§4 tree rules', () => {
  // [what, leaves checked before, the node clicked, on?, leaves checked after]
  const rows: [string, number[], number, boolean, number[]][] = [
    ['checking a parent checks all its children', [], 1, true, [2, 3, 4, 11, 12]],
    ['checking a grandparent checks the grandchildren', [], 5, true, [6, 8, 9, 11, 12]],
    ['unchecking a parent unchecks its children', [2, 3, 4, 13], 1, false, [11, 12, 13]],
    ['checking a leaf checks only it', [], 3, true, [3, 11, 12]],
    ['a mandatory child cannot be unchecked', [], 11, false, [11, 12]],
    ['unchecking a mandatory parent leaves its children checked', [], 10, false, [11, 12]],
    ['an unknown key changes nothing', [2], 99, true, [2, 11, 12]],
  ];
  it.each(rows)('%s', (_what, before, key, on, after) => {
    expect(toggle(tree, before, key, on)).toEqual(after);
  });

  // [what, leaves checked, node, state]
  const states: [string, number[], number, string][] = [
    ['a parent with all children checked is checked', [2, 3, 4], 1, 'checked'],
    ['a parent with some children checked is mixed', [2], 1, 'mixed'],
    ['a parent with none is unchecked', [], 1, 'unchecked'],
    ['a grandparent with one grandchild checked is mixed', [8], 5, 'mixed'],
    ['a grandparent with all its leaves checked is checked', [6, 8, 9], 5, 'checked'],
    ['a leaf is checked or not', [13], 13, 'checked'],
  ];
  it.each(states)('%s', (_what, checked, key, state) => {
    expect(nodeState(find(key)!, new Set(checked))).toBe(state);
  });

  it('withMandatory adds the mandatory leaves and drops keys that are not leaves of the tree', () => {
    expect(withMandatory(tree, [13, 1, 99, 2])).toEqual([2, 11, 12, 13]);
  });

  it('applyChanges: a parent sets its children, then deeper entries win, whatever order they come in', () => {
    expect(applyChanges(tree, [], [{ key: 3, checked: false }, { key: 1, checked: true }])).toEqual([2, 4, 11, 12]);
    expect(applyChanges(tree, [13], [{ key: 8, checked: true }, { key: 5, checked: false }])).toEqual([8, 11, 12, 13]);
  });
});
