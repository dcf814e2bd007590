import { Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../api/errors';
import { ConfirmModal } from './ConfirmModal';
import { notifySuccess } from './notify';
import { useGuardedSubmit } from './useGuardedSubmit';

interface CountedDeleteModalProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  /** How many members the deletion touches, as last known (values of a field, members of a group). */
  knownCount: number;
  /** The server's answer when the count was not confirmed; its `count` parameter is the real one. */
  confirmKey: string;
  /** Deletes; `confirmed` says the user saw a count above zero. */
  remove: (confirmed: boolean) => Promise<unknown>;
  /** The text above the buttons for a count. */
  text: (count: number) => ReactNode;
  deletedMessage: string;
  onClose: () => void;
  onDeleted: () => void;
  testId?: string;
}

/**
 * Deleting asks first, naming how many members it touches. Should that number have
 * changed meanwhile, the server refuses with its own count, which is shown and asked again.
 */
export function CountedDeleteModal({ opened, title, confirmLabel, knownCount, confirmKey, remove, text, deletedMessage, onClose, onDeleted, testId }: CountedDeleteModalProps) {
  const [count, setCount] = useState(knownCount);
  const [error, setError] = useState<unknown>(null);

  const run = useGuardedSubmit(async () => {
    setError(null);
    try {
      await remove(count > 0);
    } catch (failure) {
      if (isApiError(failure) && failure.errors.general?.includes(confirmKey)) {
        setCount(typeof failure.params?.count === 'number' ? failure.params.count : count + 1);
        return;
      }
      setError(failure);
      return;
    }
    notifySuccess(deletedMessage);
    onDeleted();
  });

  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={() => void run.run()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      danger
      pending={run.pending}
      error={error}
    >
      <Text data-testid={testId}>{text(count)}</Text>
    </ConfirmModal>
  );
}
