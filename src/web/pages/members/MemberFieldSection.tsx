import { Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { type Field, VISIBILITY_EDITABLE } from '../../../shared/fields/types';
import { MemberFieldInput } from './MemberFieldInput';
import type { MemberFormValues } from './memberFormValues';
import { ReadOnlyFieldValue } from './ReadOnlyFieldValue';

interface Section {
  heading: Field | null;
  fields: Field[];
}

/** Fields split at their headings: each heading starts a titled section (a heading holds no value, it only structures the form). */
export function sections(fields: readonly Field[]): Section[] {
  const result: Section[] = [{ heading: null, fields: [] }];
  for (const field of fields) {
    if (field.type === 'heading') result.push({ heading: field, fields: [] });
    else result[result.length - 1]?.fields.push(field);
  }
  return result.filter((s) => s.heading !== null || s.fields.length > 0);
}

interface FieldSectionProps {
  section: Section;
  form: UseFormReturnType<MemberFormValues>;
  editing: boolean;
  /** The application and self-edit forms: fields the member may not edit show as text. */
  ownData: boolean;
}

export function FieldSection({ section, form, editing, ownData }: FieldSectionProps) {
  const titleId = useId();
  const inputs = section.fields.map((field) =>
    ownData && field.visibility < VISIBILITY_EDITABLE ? (
      <ReadOnlyFieldValue key={field.id} field={field} value={form.getValues()[field.name]} />
    ) : (
      <MemberFieldInput key={field.id} field={field} form={form} editing={editing} ownData={ownData} />
    ),
  );
  if (!section.heading) return <Stack gap="md">{inputs}</Stack>;
  return (
    <Stack component="section" gap="md" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {section.heading.label}
      </Title>
      {section.heading.help_text ? <Text size="sm">{section.heading.help_text}</Text> : null}
      {inputs}
    </Stack>
  );
}
