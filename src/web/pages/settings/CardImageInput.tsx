import { Alert, Button, Group, Image, Input, Stack } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBERCARD_IMAGE_MAX_BYTES } from '../../../shared/constants';
import { membercardImageUrl } from '../../../shared/membercard/face';
import { fieldErrorKeys } from '../../api/errorKeys';
import { type CardImageKind, useUploadCardImage } from '../../api/membercardImages';
import { fieldMessageText } from '../../i18n/messages';
import { ErrorBanner } from '../../components/ErrorBanner';

// One of the card's images: a labelled file input that uploads the chosen file at once (the
// server re-encodes it), a thumbnail of the current image and a button to remove it. A file
// the server cannot read (or one too large) is said in an alert and under the input, which
// keeps focus so another file can be chosen. The id is saved with the rest of the design.

interface CardImageInputProps {
  kind: CardImageKind;
  label: string;
  description: string;
  /** The remove button's text ("Poista logo"). */
  removeLabel: string;
  value: number | null;
  onChange(id: number | null): void;
  /** The form's error for this setting (an image that is no longer the association's). */
  error?: string | null;
}

const FILE_FIELDS = ['file'] as const;

export function CardImageInput({ kind, label, description, removeLabel, value, onChange, error }: CardImageInputProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadCardImage(kind);
  const [localKey, setLocalKey] = useState<string | null>(null);

  const serverKey = fieldErrorKeys(upload.error, FILE_FIELDS).file ?? null;
  const fileKey = localKey ?? serverKey;
  const fileError = fileKey ? fieldMessageText(fileKey) : null;
  const shown = fileError ?? error ?? null;
  const path = kind === 'logo' ? 'membercard_logo' : 'membercard_bgimage';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    upload.reset();
    setLocalKey(null);
    if (!file) return;
    // Saves a round trip for the obvious case; the server checks again.
    if (file.size > MEMBERCARD_IMAGE_MAX_BYTES) {
      setLocalKey('membercard_image_too_large');
      event.currentTarget.value = '';
      return;
    }
    upload.mutate(file, {
      onSuccess: (reply) => {
        if (input.current) input.current.value = '';
        onChange(reply.id);
      },
      onError: () => {
        if (input.current) input.current.value = '';
        input.current?.focus();
      },
    });
  };

  return (
    <Stack gap={6}>
      {fileError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title={t('cardsettings.upload_failed_title')} data-testid={`${kind}-alert`}>
          {fileError}
        </Alert>
      ) : null}
      {/* Rate limits and network failures: the general banner. */}
      <ErrorBanner error={upload.error} fields={FILE_FIELDS} />
      <Input.Wrapper id={inputId} label={label} description={description}>
        <input
          ref={input}
          id={inputId}
          name={kind}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          data-path={path}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          aria-busy={upload.isPending || undefined}
          onChange={choose}
          style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
          data-testid={`${kind}-file`}
        />
      </Input.Wrapper>
      {shown ? (
        <Input.Error id={errorId} data-testid={`${kind}-error`}>
          {shown}
        </Input.Error>
      ) : null}
      {value !== null ? (
        <Group gap="sm" align="center">
          <Image
            src={membercardImageUrl(value)}
            alt={t('cardsettings.thumbnail_alt', { label })}
            h={48}
            w="auto"
            fit="contain"
            radius="sm"
            style={{ border: '1px solid var(--mantine-color-gray-4)', background: 'var(--mantine-color-gray-0)', maxWidth: 160 }}
            data-testid={`${kind}-thumbnail`}
          />
          <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onChange(null)} data-testid={`${kind}-remove`}>
            {removeLabel}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
