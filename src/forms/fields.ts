import type { RegistryFieldsType } from '@rjsf/utils';
import { ObjectWidgetField } from './fields/ObjectWidgetField.tsx';

/** The rjsf fields the portal replaces: objects may be drawn by one widget (fields/ObjectWidgetField.tsx). */
export const FIELDS: RegistryFieldsType = {
  ObjectField: ObjectWidgetField,
};
