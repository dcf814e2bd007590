import type { GetInputPropsReturnType } from '@mantine/form';
import { TextInput } from '@mantine/core';
import { AdvancedSection } from './AdvancedSection';

interface AdvancedIdentifierProps {
  /** The section toggle's text ("Lisäasetukset"). */
  title: string;
  label: string;
  description: string;
  required: boolean;
  /** A fixed or built-in identifier cannot change. */
  readOnly: boolean;
  /** `form.getInputProps('name')`; its error opens the section. */
  inputProps: GetInputPropsReturnType;
  /** The user typed an identifier of their own: the caller stops deriving it from the label. */
  onType: (value: string) => void;
}

/** The internal identifier (`name`) of a field or group, in its collapsed advanced section. */
export function AdvancedIdentifier({ title, label, description, required, readOnly, inputProps, onType }: AdvancedIdentifierProps) {
  return (
    <AdvancedSection title={title} invalid={Boolean(inputProps.error)}>
      <TextInput
        label={label}
        description={description}
        required={required}
        readOnly={readOnly}
        maxLength={50}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...inputProps}
        onChange={(e) => onType(e.currentTarget.value)}
      />
    </AdvancedSection>
  );
}
