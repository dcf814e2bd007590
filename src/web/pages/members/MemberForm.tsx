import { Group, Stack } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Field, VISIBILITY_EDITABLE, VISIBILITY_REQUIRED } from '../../../shared/fields/types';
import type { Group as MemberGroup } from '../../../shared/schemas/groups';
import type { MemberBody } from '../../../shared/schemas/members';
import { isApiError } from '../../api/errors';
import type { MemberReply } from '../../api/members';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { BypassModal } from './BypassModal';
import { MemberFlagsSection, MemberGroupsSection, MemberPasswordSection } from './MemberAdminSections';
import { UpToDatenessFacts } from './UpToDatenessFacts';
import { FieldSection, sections } from './MemberFieldSection';
import {
  bypassableFields,
  CURRENT_PASSWORD,
  formOrder,
  type MemberFormValues,
  memberGroups,
  NEW_PASSWORD,
  OWN_PASSWORD_INPUTS,
  toFormValues,
  toMemberBody,
  validateMemberForm,
  valueFields,
} from './memberFormValues';
import { OwnPasswordSection } from './OwnPasswordSection';

/**
 * The member form's variants: 'admin' (default) edits everything; 'application' (the public
 * form) and 'self' (the member's own data) show only the fields, with no groups, flags or
 * password, refuse empty required fields outright (no bypass) and show read-only fields as text.
 * 'link' is the member's own form opened by a personal link: like 'self' without the password.
 */
export type MemberFormVariant = 'admin' | 'application' | 'self' | 'link';

export interface MemberFormProps<R extends MemberBody = MemberReply> {
  /** Fields in form order (fields/all with all headings; the variants' own lists from apply_form / edit_me_s). */
  fields: readonly Field[];
  /** All groups (groups/all); the built-in ones are not shown as checkboxes. */
  groups: readonly MemberGroup[];
  /** The member being edited, or null for a new one. */
  member: MemberReply | null;
  /** Sends the body (members/new, members/{id}, apply or update_me_s); rejects with the API error. */
  save: (body: MemberBody) => Promise<R>;
  /**
   * Called after a successful save. Returning a path navigates there (the unsaved-changes
   * guard lets it through); otherwise the form stays, showing the saved values.
   */
  onSaved: (member: R) => string | void;
  submitLabel: string;
  variant?: MemberFormVariant;
  /** Extra inputs inside the form, before the submit button (the application's honeypot). */
  extra?: ReactNode;
}

/**
 * The admin's member form: every field in the configured order with typed
 * inputs, group memberships, flags and a new password. Server errors go under their
 * fields with focus on the first; empty required fields open the bypass modal.
 * `variant` gives the application and self-edit forms (see MemberFormVariant).
 */
export function MemberForm<R extends MemberBody = MemberReply>({
  fields,
  groups,
  member,
  save,
  onSaved,
  submitLabel,
  variant = 'admin',
  extra,
}: MemberFormProps<R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const creating = member === null;
  const admin = variant === 'admin';
  // Applicants and members fill in only the fields their visibility opens to them.
  const own = valueFields(fields).filter((f) => f.visibility >= VISIBILITY_EDITABLE);
  const self = variant === 'self';
  const order = admin ? formOrder(fields, groups) : [...own.map((f) => f.name), ...(self ? OWN_PASSWORD_INPUTS : [])];
  const [error, setError] = useState<unknown>(null);
  const [bypass, setBypass] = useState<{ names: string[]; values: MemberFormValues } | null>(null);

  const form = useForm<MemberFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(fields, groups, member),
    validate: (values) =>
      translateFieldErrors(
        admin ? validateMemberForm(fields, values) : { ...requiredErrors(own, values), ...validateMemberForm(own, values), ...(self ? currentPasswordErrors(values) : {}) },
      ),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? groups.find((g) => g.name === name)?.label ?? name;

  const send = async (values: MemberFormValues, bypassRequired: boolean) => {
    setError(null);
    const full = toMemberBody(fields, groups, values, { creating });
    const body = admin
      ? { ...full, ...(bypassRequired ? { bypass_required_fields: true } : {}) }
      : Object.fromEntries(Object.entries(full).filter(([name]) => order.includes(name)));
    let saved: R;
    try {
      saved = await save(body);
    } catch (failure) {
      const skippable = admin && !bypassRequired && isApiError(failure) && failure.status === 400 ? bypassableFields(failure.errors) : null;
      if (skippable) {
        // Listed in form order, as the user meets them.
        setBypass({ names: order.filter((name) => skippable.includes(name)).concat(skippable.filter((n) => !order.includes(n))), values });
        return;
      }
      setError(failure);
      if (bypassRequired) {
        // The bypass modal closes first; focus moves to the first invalid field after it.
        setBypass(null);
        setTimeout(() => applyServerErrors(form, failure, order), 0);
      } else {
        applyServerErrors(form, failure, order);
      }
      return;
    }
    setBypass(null);
    const next = onSaved(saved);
    if (typeof next === 'string') {
      guard.allowNextNavigation();
      void navigate(next);
      return;
    }
    const fresh = toFormValues(fields, groups, saved);
    form.setValues(fresh);
    form.resetDirty(fresh);
    if (bypassRequired) setTimeout(() => document.querySelector<HTMLElement>('[data-page-heading]')?.focus(), 0);
  };

  const submit = useGuardedSubmit(async (values: MemberFormValues) => send(values, false));
  const saveAnyway = useGuardedSubmit(async () => {
    if (!bypass) return;
    await send(bypass.values, true);
  });

  const backToEditing = () => {
    const first = bypass?.names[0];
    setBypass(null);
    if (!first) return;
    const required = t('_validation_field_required');
    form.setErrors(Object.fromEntries((bypass?.names ?? []).filter((n) => order.includes(n)).map((n) => [n, required])));
    // After the modal has returned focus to the save button.
    setTimeout(() => (form.getInputNode(first) as HTMLElement | null)?.focus(), 0);
  };

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, order);
  };

  const customGroups = memberGroups(groups);

  return (
    <>
      {guard.prompt}
      <ErrorBanner error={error} fields={order} />
      <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate data-testid="member-form">
        <Stack gap="xl" maw={760}>
          {sections(fields).map((section, index) => (
            <FieldSection
              key={section.heading?.id ?? `top-${String(index)}`}
              section={section}
              form={form}
              editing={!creating}
              ownData={!admin}
            />
          ))}

          {admin ? (
            <>
              {member ? <UpToDatenessFacts member={member} /> : null}
              <MemberGroupsSection form={form} groups={customGroups} />
              <MemberFlagsSection form={form} member={member} />
              <MemberPasswordSection form={form} creating={creating} />
            </>
          ) : null}

          {self ? <OwnPasswordSection form={form} /> : null}

          {extra}

          <Group>
            <SubmitButton pending={submit.pending || saveAnyway.pending}>{submitLabel}</SubmitButton>
          </Group>
        </Stack>
      </form>
      <BypassModal
        labels={bypass ? bypass.names.map(labelOf) : null}
        pending={saveAnyway.pending}
        onBack={backToEditing}
        onSaveAnyway={() => void saveAnyway.run()}
      />
    </>
  );
}

/** A new own password needs the current one (the server checks that it is right). */
function currentPasswordErrors(values: MemberFormValues): Record<string, string> {
  const next = values[NEW_PASSWORD];
  const current = values[CURRENT_PASSWORD];
  return typeof next === 'string' && next !== '' && (typeof current !== 'string' || current === '') ? { [CURRENT_PASSWORD]: 'members_current_password_required' } : {};
}

/** Empty required fields of the application and self-edit forms, which cannot be skipped. */
function requiredErrors(fields: readonly Field[], values: MemberFormValues): Record<string, string> {
  const empty = (v: string | boolean | undefined) => v === undefined || v === false || (typeof v === 'string' && v.trim() === '');
  return Object.fromEntries(
    fields.filter((f) => f.visibility === VISIBILITY_REQUIRED && empty(values[f.name])).map((f) => [f.name, '_validation_field_required']),
  );
}
