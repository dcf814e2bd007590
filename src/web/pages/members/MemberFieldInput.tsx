import { Checkbox, NativeSelect, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DECIMAL_INPUT_MAXLENGTH } from '../../../shared/constants';
import { type Field, VISIBILITY_REQUIRED } from '../../../shared/fields/types';
import { formatFinnishDate, parseFinnishDate } from '../../../shared/finnish/date';
import { normalizeMemberPhone } from '../../../shared/finnish/phone';
import { smsUpToDateness } from '../../../shared/members/upToDateness';
import type { MemberFormValues } from './memberFormValues';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface MemberFieldInputProps {
  field: Field;
  form: UseFormReturnType<MemberFormValues>;
  /** Editing an existing member: an empty password input keeps the stored password. */
  editing: boolean;
  /** The person fills in their own data (application, self-edit): the browser may fill it (WCAG 1.3.5). */
  ownData?: boolean;
}

/** Autocomplete tokens of the fixed fields, for forms where people enter their own data. */
const OWN_AUTOCOMPLETE: Record<string, string> = {
  firstname: 'given-name',
  lastname: 'family-name',
  email: 'email',
  phone: 'tel',
  address_street: 'street-address',
  address_zip: 'postal-code',
  address_city: 'address-level2',
};

/** One member field as the input its type needs. */
export function MemberFieldInput({ field, form, editing, ownData = false }: MemberFieldInputProps) {
  const { t } = useTranslation();
  const autoComplete = (ownData ? OWN_AUTOCOMPLETE[field.name] : undefined) ?? 'off';
  const required = field.visibility === VISIBILITY_REQUIRED;
  const description = field.help_text || undefined;
  const common = { label: field.label, required, ...form.getInputProps(field.name) };

  switch (field.type) {
    case 'heading':
      return null;
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          description={description}
          required={required}
          {...form.getInputProps(field.name, { type: 'checkbox' })}
        />
      );
    case 'consent': {
      // Checked: a stored date (ISO) or true for a consent given now, which the server dates on saving.
      const value = form.getValues()[field.name];
      const given = typeof value === 'string' && value !== '' ? t('members.consent_given_on', { date: formatFinnishDate(value) }) : null;
      const props = form.getInputProps(field.name);
      return (
        <Checkbox
          label={field.label}
          description={[description, given].filter(Boolean).join(' ') || undefined}
          required={required}
          error={props.error}
          onFocus={props.onFocus}
          onBlur={props.onBlur}
          checked={value !== false && value !== '' && value !== undefined}
          // Unchecking and checking again before saving keeps the shown date: the server keeps it too.
          onChange={(e) => form.setFieldValue(field.name, e.currentTarget.checked ? (form.getInitialValues()[field.name] || true) : false)}
          data-consent-field={field.name}
        />
      );
    }
    case 'textarea':
      return <Textarea {...common} description={description} autosize minRows={3} maxLength={field.maxlength} />;
    case 'integer':
      return <TextInput {...common} description={description} inputMode="numeric" maxLength={12} />;
    case 'decimal':
      return (
        <TextInput
          {...common}
          description={description ?? t('members.decimal_help')}
          inputMode="decimal"
          maxLength={DECIMAL_INPUT_MAXLENGTH}
        />
      );
    case 'date': {
      // The number pad has no dot, so 24121990 and 24 12 1990 are accepted;
      // on leaving the field they are shown as 24.12.1990, and what cannot be read stays as typed.
      const showFinnish = () => {
        const typed = form.getValues()[field.name];
        const iso = typeof typed === 'string' ? parseFinnishDate(typed) : null;
        if (iso && formatFinnishDate(iso) !== typed) form.setFieldValue(field.name, formatFinnishDate(iso));
      };
      return (
        <TextInput
          {...common}
          onBlur={(event) => {
            showFinnish();
            common.onBlur(event);
          }}
          description={description ?? t('members.date_help')}
          placeholder={t('members.date_placeholder')}
          inputMode="numeric"
          maxLength={12}
          autoComplete="off"
        />
      );
    }
    case 'dropdown':
      return (
        <NativeSelect
          {...common}
          description={description}
          data={[{ value: '', label: t('members.no_choice') }, ...field.options.map((o) => ({ value: o.value, label: o.label }))]}
        />
      );
    case 'email':
      return <TextInput {...common} description={description} type="email" maxLength={field.maxlength} autoComplete={autoComplete} />;
    case 'password': {
      const value = form.getValues()[field.name];
      return (
        <Stack gap={0}>
          <PasswordInput
            {...common}
            description={description ?? (editing ? t('members.password_keep_help') : undefined)}
            maxLength={field.maxlength}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.show_password') }}
          />
          <PasswordStrengthMeter password={typeof value === 'string' ? value : ''} />
        </Stack>
      );
    }
    case 'text':
      if (field.name === 'phone') {
        // A foreign mobile is a valid number, but SMS goes to Finnish mobiles only.
        const typed = form.getValues()[field.name];
        const e164 = typeof typed === 'string' ? normalizeMemberPhone(typed) : null;
        const noSms = e164 !== null && smsUpToDateness(e164) === 'unsupported';
        return (
          <TextInput
            {...common}
            description={`${description ?? t('members.phone_help')}${noSms ? ` ${t('members.phone_no_sms')}` : ''}`}
            type="tel"
            inputMode="tel"
            maxLength={field.maxlength}
            autoComplete={autoComplete}
          />
        );
      }
      return <TextInput {...common} description={description} maxLength={field.maxlength} autoComplete={autoComplete} />;
  }
}
