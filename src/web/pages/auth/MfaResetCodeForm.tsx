import { schemaResolver } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaResetBody } from '../../../shared/schemas/security';
import { SingleFieldForm } from '../../components/SingleFieldForm';

const validateResetCode = schemaResolver(mfaResetBody.pick({ reset_code: true }), { sync: true });

interface MfaResetCodeFormProps {
  /** Sends the code; resolves to the failure to show, or null when the login goes on. */
  onSubmit: (resetCode: string) => Promise<unknown>;
  secondary?: ReactNode;
}

/** The reset code another admin had emailed (login step 'reset_code'); enrolment follows. */
export function MfaResetCodeForm({ onSubmit, secondary }: MfaResetCodeFormProps) {
  const { t } = useTranslation();
  return (
    <SingleFieldForm
      field="reset_code"
      validate={validateResetCode}
      onSubmit={onSubmit}
      submitLabel={t('login.reset_continue')}
      focusOnMount
      secondary={secondary}
      input={{
        label: t('login.reset_code'),
        description: t('login.reset_code_help'),
        autoComplete: 'off',
        autoCapitalize: 'characters',
        styles: { input: { fontFamily: 'var(--mantine-font-family-monospace)' } },
      }}
    />
  );
}
