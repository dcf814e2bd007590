import { schemaResolver } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaConfirmBody } from '../../../shared/schemas/security';
import { SingleFieldForm } from '../../components/SingleFieldForm';

const validateCode = schemaResolver(mfaConfirmBody, { sync: true });

interface MfaCodeFormProps {
  submitLabel: string;
  /** Sends the six digits (spaces removed); resolves to the failure to show, or null when done. */
  onSubmit: (code: string) => Promise<unknown>;
  /** Put the cursor in the code field at once (the code step of login). */
  focusOnMount?: boolean;
  /** Buttons beside the submit button ("Peruuta"). */
  secondary?: ReactNode;
}

/** The six-digit code from the authenticator app; rate limiting and other general errors go to the banner. */
export function MfaCodeForm({ submitLabel, onSubmit, focusOnMount = false, secondary }: MfaCodeFormProps) {
  const { t } = useTranslation();
  return (
    <SingleFieldForm
      field="code"
      validate={validateCode}
      normalize={(typed) => typed.replace(/\s+/g, '')}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      focusOnMount={focusOnMount}
      secondary={secondary}
      input={{
        label: t('mfa.code'),
        description: t('mfa.code_help'),
        inputMode: 'numeric',
        autoComplete: 'one-time-code',
        maxLength: 7,
        styles: { input: { maxWidth: 220, fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } },
      }}
    />
  );
}
