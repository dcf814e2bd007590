import { Checkbox, Grid, Group, MultiSelect, NativeSelect, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBERCARD_ALWAYS_FIELDS, MEMBERCARD_DEFAULT_FIELDS, MEMBERCARD_EXTRA_TEXT_MAX, MEMBERCARD_FIELDS_MAX } from '../../../shared/constants';
import { CARD_PSEUDO_FIELDS, designOf } from '../../../shared/membercard/face';
import { membercardSettings } from '../../../shared/schemas/membercard';
import { useFields } from '../../api/fields';
import { useGroups } from '../../api/groups';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { SubmitButton } from '../../components/SubmitButton';
import { CardImageInput } from './CardImageInput';
import { CardPreview } from './CardPreview';
import { SettingsLoading } from './SettingsLoading';
import { SettingsNav } from './SettingsNav';
import { useSettingsForm } from './useSettingsForm';

// `/config/settings_membercard`: who gets a member card and what it looks like, with a live
// preview of the draft on a sample member. Saved as settings scope 'membercard'; the server
// checks the groups, fields and images belong to the association.

const FIELDS = [
  'membercard_groups',
  'membercard_fields',
  'membercard_labels',
  'membercard_aspect',
  'membercard_season_end',
  'membercard_extra_text',
  'membercard_logo',
  'membercard_bgimage',
] as const;

interface CardValues extends Record<string, unknown> {
  membercard_groups: number[];
  membercard_fields: string[];
  membercard_labels: boolean;
  membercard_aspect: 'landscape' | 'portrait';
  membercard_season_end: string;
  membercard_extra_text: string;
  membercard_logo: number | null;
  membercard_bgimage: number | null;
}

const EMPTY: CardValues = {
  membercard_groups: [],
  membercard_fields: [...MEMBERCARD_DEFAULT_FIELDS],
  membercard_labels: true,
  membercard_aspect: 'landscape',
  membercard_season_end: '12-31',
  membercard_extra_text: '',
  membercard_logo: null,
  membercard_bgimage: null,
};

const ALWAYS = MEMBERCARD_ALWAYS_FIELDS as readonly string[];
/** Field types with nothing to print on a card. */
const NOT_ON_CARD = new Set(['password', 'heading']);
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const two = (n: string) => n.padStart(2, '0');

export function MembercardSettingsPage() {
  const { t } = useTranslation();
  const { settings, form, error, pending, guard, onSubmit } = useSettingsForm({ scope: 'membercard', schema: membercardSettings, fields: FIELDS, empty: EMPTY });
  const groups = useGroups();
  const fields = useFields();
  const values = form.getValues();

  // What a member may see of themselves, besides the name: the only fields a card may show.
  const cardFields = useMemo(() => (fields.data ?? []).filter((f) => f.visibility >= 1 && !NOT_ON_CARD.has(f.type) && !ALWAYS.includes(f.name)), [fields.data]);
  const nameFields = useMemo(() => ALWAYS.map((n) => ({ name: n, label: (fields.data ?? []).find((f) => f.name === n)?.label ?? n })), [fields.data]);
  const choices = useMemo(
    () => [...Object.entries(CARD_PSEUDO_FIELDS).map(([name, label]) => ({ name, label })), ...cardFields.map((f) => ({ name: f.name, label: f.label }))],
    [cardFields],
  );
  const design = useMemo(() => designOf(values), [values]);

  const data = settings.data;
  if (!data) return <SettingsLoading title={t('cardsettings.page')} settings={settings} />;

  const [month = '12', day = '31'] = values.membercard_season_end.split('-');
  const setSeasonEnd = (d: string, m: string) => form.setFieldValue('membercard_season_end', `${two(m)}-${two(d)}`);
  const groupProps = form.getInputProps('membercard_groups');
  const fieldProps = form.getInputProps('membercard_fields');

  return (
    <>
      <PageHeader title={t('cardsettings.page')} />
      {guard.prompt}
      <SettingsNav />
      <Text mb="md" maw={640}>
        {t('cardsettings.intro')}
      </Text>
      <ErrorBanner error={error} fields={FIELDS} />
      <ErrorBanner error={groups.error ?? fields.error} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <MultiSelect
                {...groupProps}
                label={t('cardsettings.groups')}
                description={t('cardsettings.groups_help')}
                placeholder={values.membercard_groups.length === 0 ? t('cardsettings.groups_placeholder') : undefined}
                data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.label }))}
                value={values.membercard_groups.map(String)}
                onChange={(ids) => form.setFieldValue('membercard_groups', ids.map(Number))}
                searchable
                withAsterisk
                hidePickedOptions
                nothingFoundMessage={t('cardsettings.groups_none')}
                data-testid="card-groups"
              />
              <Checkbox.Group
                {...fieldProps}
                label={t('cardsettings.fields')}
                description={t('cardsettings.fields_help', { max: MEMBERCARD_FIELDS_MAX })}
                value={[...ALWAYS, ...values.membercard_fields]}
                // Kept in screen order, which is the order the card prints them in.
                onChange={(names) => form.setFieldValue('membercard_fields', choices.map((c) => c.name).filter((n) => names.includes(n)))}
                data-testid="card-fields"
              >
                <Stack gap={6} mt={6}>
                  {nameFields.map((f) => (
                    <Checkbox key={f.name} value={f.name} label={f.label} disabled />
                  ))}
                  {choices.map((c) => (
                    <Checkbox key={c.name} value={c.name} label={c.label} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Checkbox label={t('cardsettings.labels')} description={t('cardsettings.labels_help')} {...form.getInputProps('membercard_labels', { type: 'checkbox' })} />
              <Radio.Group label={t('cardsettings.aspect')} {...form.getInputProps('membercard_aspect')}>
                <Group gap="lg" mt={6}>
                  <Radio value="landscape" label={t('cardsettings.aspect_landscape')} />
                  <Radio value="portrait" label={t('cardsettings.aspect_portrait')} />
                </Group>
              </Radio.Group>
              <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-path="membercard_season_end">
                <legend style={{ fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' }}>{t('cardsettings.season_end')}</legend>
                <Text size="xs" c="dimmed" id="season-end-help">
                  {t('cardsettings.season_end_help')}
                </Text>
                <Group gap="sm" mt={4} align="flex-start">
                  <NativeSelect label={t('cardsettings.season_day')} data={DAYS} value={String(Number(day))} onChange={(e) => setSeasonEnd(e.currentTarget.value, month)} aria-describedby="season-end-help" w={100} />
                  <NativeSelect label={t('cardsettings.season_month')} data={MONTHS} value={String(Number(month))} onChange={(e) => setSeasonEnd(day, e.currentTarget.value)} aria-describedby="season-end-help" w={100} />
                </Group>
                {form.errors.membercard_season_end ? (
                  <Text c="red.8" size="sm" mt={4}>
                    {form.errors.membercard_season_end}
                  </Text>
                ) : null}
              </fieldset>
              <Textarea
                label={t('cardsettings.extra_text')}
                description={t('cardsettings.extra_text_help', { max: MEMBERCARD_EXTRA_TEXT_MAX })}
                autosize
                minRows={2}
                maxLength={MEMBERCARD_EXTRA_TEXT_MAX}
                {...form.getInputProps('membercard_extra_text')}
              />
              <CardImageInput
                kind="logo"
                label={t('cardsettings.logo')}
                description={t('cardsettings.image_help')}
                removeLabel={t('cardsettings.remove_logo')}
                value={values.membercard_logo}
                onChange={(id) => form.setFieldValue('membercard_logo', id)}
                error={form.errors.membercard_logo as string | undefined}
              />
              <CardImageInput
                kind="bgimage"
                label={t('cardsettings.bgimage')}
                description={t('cardsettings.image_help')}
                removeLabel={t('cardsettings.remove_bgimage')}
                value={values.membercard_bgimage}
                onChange={(id) => form.setFieldValue('membercard_bgimage', id)}
                error={form.errors.membercard_bgimage as string | undefined}
              />
              <Group mt="sm">
                <SubmitButton pending={pending}>{t('common.save')}</SubmitButton>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="xs" style={{ position: 'sticky', top: 'var(--mantine-spacing-md)' }}>
            <Text component="h2" fw={600} size="lg">
              {t('cardsettings.preview')}
            </Text>
            <CardPreview association={data.name_} design={design} fields={fields.data ?? []} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
