import { Box, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../../shared/fields/types';
import { MEMBERCARD_PREVIEW_MIN_HEIGHT } from '../../../shared/constants';
import { faceOf, type MembercardDesign, validUntil } from '../../../shared/membercard/face';
import { MemberCardView } from '../../components/MemberCardView';

// The live preview of the design being edited: the draft values and a sample member, through
// the same faceOf and card view the card page uses. The card needs room to be read, so a window
// lower than MEMBERCARD_PREVIEW_MIN_HEIGHT gets a notice instead (followed as the window is resized).

type CardField = Pick<Field, 'name' | 'label' | 'type' | 'options' | 'visibility'>;

const pad = (n: number) => String(n).padStart(2, '0');
const localToday = (): string => {
  const d = new Date();
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** What the sample member has in a field of this type, so a chosen field shows on the preview. */
function sampleValue(f: CardField, today: string, sample: string): unknown {
  if (f.name === 'email') return 'maija.meikalainen@example.fi';
  if (f.name === 'phone') return '040 123 4567';
  if (f.name === 'address_street') return 'Esimerkkikatu 1 A 2';
  if (f.name === 'address_zip') return '00100';
  if (f.name === 'address_city') return 'Helsinki';
  switch (f.type) {
    case 'email':
      return 'maija@example.fi';
    case 'integer':
      return 42;
    case 'decimal':
      return '12.5';
    case 'date':
    case 'consent':
      return today;
    case 'checkbox':
      return true;
    case 'dropdown':
      return f.options[0]?.value ?? sample;
    default:
      return sample;
  }
}

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

export function CardPreview({ association, design, fields }: { association: string; design: MembercardDesign; fields: readonly CardField[] }) {
  const { t } = useTranslation();
  const height = useWindowHeight();
  const today = localToday();
  const sample = t('cardsettings.sample_text');
  const face = useMemo(() => {
    const member: Record<string, unknown> = { firstname: 'Maija', lastname: 'Meikäläinen', id: 123, member_since: today };
    for (const f of fields) if (design.fields.includes(f.name)) member[f.name] = sampleValue(f, today, sample);
    return faceOf({ association, design, fields, member, validUntil: validUntil(design.season_end, today) });
  }, [association, design, fields, today, sample]);

  if (height < MEMBERCARD_PREVIEW_MIN_HEIGHT) {
    return (
      <Text role="status" c="dimmed" data-testid="card-preview-too-low">
        {t('cardsettings.preview_too_low', { px: MEMBERCARD_PREVIEW_MIN_HEIGHT })}
      </Text>
    );
  }
  const qr = (
    <Box
      aria-hidden
      style={{ width: '100%', aspectRatio: '1', border: '2px dashed var(--mantine-color-gray-5)', borderRadius: 6, display: 'grid', placeItems: 'center', fontSize: 12, lineHeight: 1.2, color: 'var(--mantine-color-gray-7)', background: '#fff' }}
    >
      {t('cardsettings.qr_placeholder')}
    </Box>
  );
  return (
    <Stack gap="xs" data-testid="card-preview">
      <Text size="sm" c="dimmed">
        {t('cardsettings.preview_help')}
      </Text>
      <MemberCardView face={face} qr={qr} label={t('cardsettings.preview_card')} validLabel={(date) => t('cardsettings.valid_until', { date })} />
    </Stack>
  );
}
