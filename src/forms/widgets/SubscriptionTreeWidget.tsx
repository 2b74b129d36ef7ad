import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionTreeWidgetOptions } from '../../../schemas/forms/widgetOptions.ts';
import { nodeState, toggle, withMandatory, type NodeState, type TreeNode } from '../../../schemas/rules/subscriptionTree.ts';
import { formContextOf } from '../formContext.ts';

/**
 * §4 subscription tree: the organisation's topics (or opt-in groups) as nested lists of checkboxes,
 * every level shown (a tree of at most 200 topics reads best open, and needs no expand keys).
 * - Alerts (the default): the value is the checked leaves. Checking a parent checks every child that
 *   is not disabled; a parent is checked only when all its children are, and shows "mixed" (the
 *   checkbox's indeterminate state, announced as such) when some are (schemas/rules/subscriptionTree.ts).
 *   A mandatory topic is checked and disabled, with "(required)" said.
 * - Groups (`independent`): every group is a choice of its own; the value is the checked ones.
 * In review the checked nodes are listed with a check mark (§2 review "tree with checkmarks").
 */
export function SubscriptionTreeWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, onChange, onBlur, uiSchema, registry, rawErrors } = props;
  const { nodes, independent = false } = getUiOptions(uiSchema) as unknown as SubscriptionTreeWidgetOptions;
  const given = Array.isArray(value) ? value.filter((key): key is number => typeof key === 'number') : [];
  // A mandatory topic is checked whatever the value says (the server keeps it so: the admin preview starts empty).
  const checked = new Set<number>(independent ? given : withMandatory(nodes, given));
  const stateOf = (node: TreeNode): NodeState => (independent ? (checked.has(node.key) ? 'checked' : 'unchecked') : nodeState(node, checked));

  if (formContextOf(registry).review) return <ReviewTree nodes={nodes} stateOf={stateOf} />;

  const set = (node: TreeNode, on: boolean) => {
    if (independent) {
      const next = new Set(checked);
      if (on) next.add(node.key);
      else next.delete(node.key);
      onChange(nodes.length === 0 ? [] : orderedKeys(nodes).filter((key) => next.has(key)));
      return;
    }
    onChange(toggle(nodes, checked, node.key, on));
  };
  const invalid = (rawErrors?.length ?? 0) > 0 ? true : undefined;
  const list = (level: readonly TreeNode[], depth: number) => (
    <ul className={depth === 0 ? 'tree' : 'tree-children'}>
      {level.map((node) => {
        const nodeId = `${id}__${node.key}`;
        return (
          <li key={node.key}>
            <TreeCheckbox
              id={nodeId}
              state={stateOf(node)}
              disabled={disabled || readonly || (!independent && node.mandatory)}
              invalid={invalid}
              onChange={(on) => set(node, on)}
              onBlur={() => onBlur(id, value)}
            >
              {node.label}
              {!independent && node.mandatory ? <span className="tree-required"> {t('subscriptions.required')}</span> : null}
            </TreeCheckbox>
            {node.children.length > 0 ? list(node.children, depth + 1) : null}
          </li>
        );
      })}
    </ul>
  );
  return <div className="subscription-tree">{list(nodes, 0)}</div>;
}

const orderedKeys = (nodes: readonly TreeNode[]): number[] => nodes.flatMap((node) => [node.key, ...orderedKeys(node.children)]);

interface TreeCheckboxProps {
  id: string;
  state: NodeState;
  disabled?: boolean;
  invalid?: boolean;
  onChange: (on: boolean) => void;
  onBlur: () => void;
  children: React.ReactNode;
}

/** A checkbox whose "mixed" state is the native indeterminate one (set through the DOM: React has no attribute for it). */
function TreeCheckbox({ id, state, disabled, invalid, onChange, onBlur, children }: TreeCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'mixed';
  }, [state]);
  return (
    <div className="checkbox">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        checked={state === 'checked'}
        disabled={disabled}
        aria-invalid={invalid}
        // A mixed parent checks all its children, as a click on a mixed checkbox does in file managers.
        onChange={() => onChange(state !== 'checked')}
        onBlur={onBlur}
      />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

function ReviewTree({ nodes, stateOf }: { nodes: readonly TreeNode[]; stateOf: (node: TreeNode) => NodeState }) {
  const { t } = useTranslation();
  const shown = (level: readonly TreeNode[]): TreeNode[] => level.filter((node) => stateOf(node) !== 'unchecked' || shown(node.children).length > 0);
  const list = (level: readonly TreeNode[]) => (
    <ul className="tree review-tree">
      {shown(level).map((node) => (
        <li key={node.key}>
          {stateOf(node) === 'checked' ? <span className="tree-check" aria-hidden="true">✓ </span> : null}
          {node.label}
          {stateOf(node) === 'checked' ? <span className="visually-hidden"> ({t('subscriptions.subscribed')})</span> : null}
          {node.children.length > 0 && shown(node.children).length > 0 ? list(node.children) : null}
        </li>
      ))}
    </ul>
  );
  return shown(nodes).length === 0 ? <span className="review-value review-empty">{t('subscriptions.review.none')}</span> : list(nodes);
}
