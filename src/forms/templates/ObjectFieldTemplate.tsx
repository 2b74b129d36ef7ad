import { getUiOptions, titleId, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FormSection } from '../../../schemas/forms/widgetOptions.ts';
import { translateLabel } from '../translate.ts';

/**
 * An object's properties. The root may group them in `ui:options.sections` (§2 sign-up sections:
 * name and credentials, contact information, location, terms), each a headed region; a nested
 * object is a fieldset with its title as legend.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { t } = useTranslation();
  const { properties, title, uiSchema, fieldPathId } = props;
  const options = getUiOptions(uiSchema);
  const isRoot = fieldPathId.path.length === 0;
  const byName = new Map(properties.map((property) => [property.name, property.content]));

  if (isRoot) {
    const sections = (options.sections as FormSection[] | undefined) ?? [];
    const placed = new Set(sections.flatMap((section) => section.fields));
    return (
      <div className="form-fields">
        {sections.map((section, index) => {
          const headingId = `${fieldPathId.$id}__section-${index}`;
          const contents = section.fields.filter((name) => byName.has(name));
          if (contents.length === 0) return null;
          return (
            <section key={section.titleKey} className="form-section" aria-labelledby={headingId}>
              <h2 id={headingId} className="form-section-title">{t(section.titleKey)}</h2>
              {section.intro ? <p className="form-section-intro">{t(section.intro.key, section.intro.params)}</p> : null}
              {contents.map((name) => byName.get(name))}
            </section>
          );
        })}
        {properties.filter((property) => !placed.has(property.name)).map((property) => property.content)}
      </div>
    );
  }

  const text = translateLabel(t, title, options);
  if (!text) return <div className="form-group">{properties.map((property) => property.content)}</div>;
  return (
    <fieldset className="form-group" id={`${fieldPathId.$id}__group`}>
      <legend id={titleId(fieldPathId.$id)}>{text}</legend>
      {properties.map((property) => property.content)}
    </fieldset>
  );
}
