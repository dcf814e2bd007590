import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface BypassModalProps {
  /** Labels of the empty required fields; the modal is open while this is not null. */
  labels: string[] | null;
  pending: boolean;
  onBack: () => void;
  onSaveAnyway: () => void;
}

/**
 * Saving with empty required fields (other than the names) asks whether
 * to go back and fill them in or to save anyway (`bypass_required_fields`).
 */
export function BypassModal({ labels, pending, onBack, onSaveAnyway }: BypassModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={labels !== null}
      onClose={onBack}
      title={t('members.bypass_title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // The form decides where focus goes next: the first empty field, or the saved page.
      returnFocus={false}
      centered
    >
      <Stack gap="md">
        <Text>{t('members.bypass_text', { count: labels?.length ?? 0 })}</Text>
        <List data-testid="bypass-fields">
          {(labels ?? []).map((label) => (
            <List.Item key={label}>{label}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} data-autofocus>
            {t('members.bypass_back')}
          </Button>
          <Button onClick={onSaveAnyway} loading={pending} aria-busy={pending || undefined}>
            {t('members.bypass_save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
