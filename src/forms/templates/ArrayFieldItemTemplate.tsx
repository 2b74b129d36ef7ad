import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/**
 * One item of a list, with move up / move down / remove. The first item cannot go up and the last
 * cannot go down: those buttons stay, disabled, so the toolbar does not shift under the pointer.
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation();
  const { children, buttonsProps, hasToolbar, index, totalItems, disabled, readonly } = props;
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem } = buttonsProps;
  const orderable = hasMoveUp || hasMoveDown;
  const position = { position: index + 1, count: totalItems };
  return (
    <li className="form-array-item">
      {children}
      {hasToolbar && !readonly ? (
        <div className="form-array-toolbar">
          {orderable ? (
            <>
              <button type="button" className="button" onClick={onMoveUpItem} disabled={disabled || index === 0} aria-label={t('form.array.moveUp', position)}>↑</button>
              <button type="button" className="button" onClick={onMoveDownItem} disabled={disabled || index === totalItems - 1} aria-label={t('form.array.moveDown', position)}>↓</button>
            </>
          ) : null}
          {hasRemove ? (
            <button type="button" className="button" onClick={onRemoveItem} disabled={disabled}>{t('form.array.remove', position)}</button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
