import { Progress, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../../../shared/finnish/password';

const COLORS = ['red', 'orange', 'yellow', 'teal', 'green'] as const;

/** Strength 0–4 of a new password, as a bar and in words; nothing while the input is empty. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const id = useId();
  if (password === '') return null;
  const strength = passwordStrength(password);
  const words = [
    t('password.strength_0'),
    t('password.strength_1'),
    t('password.strength_2'),
    t('password.strength_3'),
    t('password.strength_4'),
  ];
  return (
    <div>
      {/* The section is the progressbar (Mantine puts the role there), so it carries the name. */}
      <Progress.Root size="sm" mt={6}>
        <Progress.Section value={strength === 0 ? 8 : strength * 25} color={COLORS[strength]} aria-labelledby={id} />
      </Progress.Root>
      <Text id={id} size="xs" mt={4} aria-live="polite">
        {t('password.strength', { strength: words[strength] ?? '' })}
      </Text>
    </div>
  );
}
