import { ActionIcon, Button, Fieldset, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCar, IconPlus, IconReceipt, IconSun, IconTrash } from '@tabler/icons-react';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXPENSE_DESCRIPTION_MAX } from '../../../shared/constants';
import { formatAmount } from '../../../shared/finnish/amount';
import { normalizeIban } from '../../../shared/finnish/iban';
import { useSaveExpenseClaim } from '../../api/expenseclaims';
import { fieldErrorKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { fieldMessageText } from '../../i18n/messages';
import { useClaimPaths } from './claimPaths';
import { helsinkiToday } from '../invoices/invoiceModel';
import { canAddItem, draftKey, emptyItem, fieldOrder, itemCents, localErrors, saveBody, type ClaimDraft, type ItemDraft, type ItemType } from './claimForm';
import { fieldId, ItemFields } from './ItemFields';

/** What the claim page shows after a save (router state). */
export type ClaimNotice = 'sent' | 'updated';

interface ClaimFormProps {
  /** The claim being edited, or null for a new one. */
  id: number | null;
  initial: ClaimDraft;
  kmHelp: string;
  perDiemHelp: string;
}

const ADD: { type: ItemType; label: 'eclaimform.add_receipt' | 'eclaimform.add_km' | 'eclaimform.add_per_diem'; icon: typeof IconReceipt }[] = [
  { type: 'receipt', label: 'eclaimform.add_receipt', icon: IconReceipt },
  { type: 'km', label: 'eclaimform.add_km', icon: IconCar },
  { type: 'per_diem', label: 'eclaimform.add_per_diem', icon: IconSun },
];

/** The member's claim: description, account and items; sends a new claim or saves the own pending one. */
export function ClaimForm({ id, initial, kmHelp, perDiemHelp }: ClaimFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useClaimPaths();
  const save = useSaveExpenseClaim();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = draftKey(draft) !== draftKey(saved);
  const guard = useUnsavedChangesGuard(dirty);

  const showErrors = useCallback(
    (next: Record<string, string>) => {
      setErrors(next);
      const first = fieldOrder(draft).find((f) => next[f]);
      // After the render that shows the texts, so the focused field is announced with its error.
      if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
    },
    [draft],
  );

  const patchItem = (index: number, patch: Partial<ItemDraft>) =>
    setDraft((d) => ({ ...d, items: d.items.map((it, i) => (i === index ? { ...it, ...patch } : it)) }));

  const setFieldError = (field: string, text: string | null) =>
    setErrors((e) => {
      const next = { ...e };
      if (text === null) delete next[field];
      else next[field] = text;
      return next;
    });

  const addItem = (type: ItemType) => {
    setDraft((d) => ({ ...d, items: [...d.items, emptyItem(type)] }));
    // The new item's first field, once it is rendered.
    const index = draft.items.length;
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`#eclaim-item-${String(index)} input`)?.focus());
  };

  const removeItem = (index: number) => {
    setDraft((d) => ({ ...d, items: d.items.filter((_, i) => i !== index) }));
    // Item errors are keyed by index: they no longer fit.
    setErrors({});
    requestAnimationFrame(() => document.getElementById('eclaim-items')?.focus());
  };

  const { run, pending } = useGuardedSubmit(async () => {
    const local = localErrors(draft, helsinkiToday());
    if (Object.keys(local).length > 0) {
      showErrors(Object.fromEntries(Object.entries(local).map(([f, key]) => [f, fieldMessageText(key)])));
      return;
    }
    setErrors({});
    try {
      const reply = await save.mutateAsync(saveBody(draft, id));
      setSaved(draft);
      guard.allowNextNavigation();
      const notice: ClaimNotice = id === null ? 'sent' : 'updated';
      void navigate(paths.claim(reply.id), { replace: id !== null, state: { notice } });
    } catch (error) {
      const fields = fieldOrder(draft);
      const keys = fieldErrorKeys(error, fields);
      const params = isApiError(error) ? error.params : undefined;
      showErrors(Object.fromEntries(Object.entries(keys).map(([f, key]) => [f, fieldMessageText(key, params)])));
    }
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run();
  };

  const total = draft.items.reduce((sum, it) => sum + (itemCents(it) ?? 0), 0);

  return (
    <form onSubmit={onSubmit} noValidate>
      {guard.prompt}
      <ErrorBanner error={save.error} fields={fieldOrder(draft)} />
      <Stack gap="md" maw={760}>
        <Textarea
          id={fieldId('description')}
          label={t('eclaimform.description')}
          description={t('eclaimform.description_help')}
          required
          autosize
          minRows={2}
          maxLength={EXPENSE_DESCRIPTION_MAX}
          value={draft.description}
          error={errors.description}
          onChange={(e) => {
            const description = e.currentTarget.value;
            setDraft((d) => ({ ...d, description }));
          }}
        />
        <TextInput
          id={fieldId('account_number')}
          label={t('eclaimform.account')}
          description={t('eclaimform.account_help')}
          required
          autoComplete="off"
          spellCheck={false}
          value={draft.account_number}
          error={errors.account_number}
          onChange={(e) => {
            const account_number = normalizeIban(e.currentTarget.value);
            setDraft((d) => ({ ...d, account_number }));
          }}
        />

        <Title order={2} size="h3" id="eclaim-items" tabIndex={-1} style={{ outline: 'none' }}>
          {t('eclaimform.items')}
        </Title>
        {draft.items.length === 0 ? <Text c={errors.items ? 'red' : 'dimmed'}>{errors.items ?? t('eclaimform.items_none')}</Text> : null}
        {draft.items.map((item, index) => (
          <Fieldset
            key={item.key}
            id={`eclaim-item-${String(index)}`}
            legend={t('eclaimform.item_heading', { number: index + 1, type: t(`eclaimform.type.${item.type}`) })}
          >
            <Stack gap="sm">
              <ItemFields
                item={item}
                index={index}
                errors={errors}
                onChange={(patch) => patchItem(index, patch)}
                onFieldError={setFieldError}
                kmHelp={kmHelp}
                perDiemHelp={perDiemHelp}
              />
              <Group justify="space-between">
                <Text fw={600} data-testid={`eclaim-item-amount-${String(index)}`}>
                  {itemCents(item) !== null ? formatAmount(itemCents(item) ?? 0) : ''}
                </Text>
                <ActionIcon variant="light" color="red" size="lg" aria-label={t('eclaimform.remove_item', { number: index + 1 })} onClick={() => removeItem(index)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Stack>
          </Fieldset>
        ))}
        <Group gap="sm">
          {ADD.map(({ type, label, icon: Icon }, i) => (
            <Button
              key={type}
              id={i === 0 ? fieldId('items') : undefined}
              variant="light"
              leftSection={<Icon size={18} aria-hidden />}
              rightSection={<IconPlus size={14} aria-hidden />}
              disabled={!canAddItem(draft)}
              onClick={() => addItem(type)}
            >
              {t(label)}
            </Button>
          ))}
        </Group>
        <Group justify="space-between" align="center" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={700} size="lg" aria-live="polite" data-testid="eclaim-total">
            {t('eclaimform.total')}: {formatAmount(total)}
          </Text>
          <SubmitButton pending={pending}>{id === null ? t('eclaimform.submit') : t('eclaimform.save_changes')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
