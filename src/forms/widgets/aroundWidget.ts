import type { UiSchema as RjsfUiSchema, WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';

/**
 * What a widget of layout 'around' is handed besides rjsf's widget props: the object's own fields,
 * drawn with the uiSchema it gives them (fields/ObjectWidgetField.tsx), to place where it wants them.
 */
export interface AroundWidgetProps extends WidgetProps {
  drawFields?: (uiSchema: RjsfUiSchema) => ReactNode;
}
