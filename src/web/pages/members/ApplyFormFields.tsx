import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOnApplyForm } from '../../../shared/fields/types';
import { useFields } from '../../api/fields';
import { useCurrentSession } from '../../auth/SessionContext';
import { canOpen } from '../../access';
import { PATHS } from '../../paths';

/** Link to the field settings, where the form's fields are chosen. */
export function FieldsLink() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  if (!canOpen(user, PATHS.fields)) return null;
  return (
    <Anchor component={Link} to={PATHS.fields} fw={600}>
      {t('applications.choose_fields')}
    </Anchor>
  );
}

/**
 * What the public form asks, by label, so an internal field on it is
 * seen at once; with the way to the field settings.
 */
export function ApplyFormFields() {
  const { t } = useTranslation();
  const fields = useFields();
  const asked = fields.data?.filter(isOnApplyForm).map((f) => f.label);
  return (
    <Stack gap={4} align="flex-start">
      {asked ? <Text data-testid="apply-form-fields">{t('applications.form_fields', { fields: asked.join(', ') })}</Text> : null}
      <FieldsLink />
    </Stack>
  );
}
