import { Box, CopyButton, Group, List, Stack, Textarea, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaEnrollmentReply } from '../../../shared/schemas/security';
import { copyableTextProps, CopyActionButton, CopyStatus } from '../../components/CopyControls';
import { groupSecret, svgDataUrl } from './mfaFormat';

interface MfaEnrollmentProps {
  enrollment: MfaEnrollmentReply;
  /** Heading level of the section title in the surrounding page. */
  headingOrder: 2 | 3;
  /** The code form that follows the instructions. */
  children: ReactNode;
}

/**
 * Setting up an authenticator app: what to do, the QR code, the same key to type by
 * hand, then the first code (children). Focus moves to the heading when it opens, so
 * a screen reader starts from the instructions.
 */
export function MfaEnrollment({ enrollment, headingOrder, children }: MfaEnrollmentProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const keyId = useId();
  const grouped = groupSecret(enrollment.secret);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Stack gap="md" data-testid="mfa-enrollment">
      <Title order={headingOrder} size="h4" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('mfa.enroll_title')}
      </Title>
      <List type="ordered" spacing="xs">
        <List.Item>{t('mfa.enroll_step_app')}</List.Item>
        <List.Item>{t('mfa.enroll_step_scan')}</List.Item>
        <List.Item>{t('mfa.enroll_step_code')}</List.Item>
      </List>
      <Box
        p="sm"
        bg="white"
        style={{ alignSelf: 'flex-start', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <img src={svgDataUrl(enrollment.qr_svg)} alt={t('mfa.qr_alt')} width={192} height={192} style={{ display: 'block' }} />
      </Box>
      <CopyButton value={grouped.replace(/ /g, '')} timeout={3000}>
        {({ copied, copy }) => (
          <Stack gap={6}>
            <Group gap="sm" align="flex-end" wrap="wrap">
              {/* A text area, not a one-line input: the whole key stays visible in a narrow card. */}
              <Textarea
                id={keyId}
                label={t('mfa.secret_label')}
                description={t('mfa.secret_help')}
                value={grouped}
                {...copyableTextProps}
                autosize
                minRows={1}
                autoComplete="off"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
                style={{ flex: '1 1 260px' }}
                data-testid="mfa-secret"
              />
              <CopyActionButton copied={copied} copy={copy}>
                {t('mfa.copy_secret')}
              </CopyActionButton>
            </Group>
            <CopyStatus copied={copied}>{t('mfa.secret_copied')}</CopyStatus>
          </Stack>
        )}
      </CopyButton>
      {children}
    </Stack>
  );
}
