import { Button, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { FocusEvent, ReactNode } from 'react';

/**
 * Props of a read-only text to copy (an address, a snippet, a key): one click or Tab into
 * it selects all of it, and the browser does not underline it as misspelt.
 */
export const copyableTextProps = {
  readOnly: true,
  spellCheck: false,
  onFocus: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select(),
} as const;

/** The copy button; its icon turns into a check while the copy is fresh. */
export function CopyActionButton({ copied, copy, children }: { copied: boolean; copy: () => void; children: ReactNode }) {
  return (
    <Button variant="default" leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />} onClick={copy}>
      {children}
    </Button>
  );
}

/** Announced when the copy succeeds; empty otherwise. */
export function CopyStatus({ copied, children }: { copied: boolean; children: ReactNode }) {
  return (
    <Text size="sm" role="status" aria-live="polite">
      {copied ? children : ''}
    </Text>
  );
}

interface CopyRowProps {
  value: string;
  /** The button's text. */
  label: string;
  /** What the status says after copying. */
  copiedText: string;
  /** Shown between the button and the status, e.g. a link. */
  children?: ReactNode;
}

/** A copy button with its status in one row, below the text it copies. */
export function CopyRow({ value, label, copiedText, children }: CopyRowProps) {
  return (
    <CopyButton value={value} timeout={3000}>
      {({ copied, copy }) => (
        <Group gap="sm">
          <CopyActionButton copied={copied} copy={copy}>
            {label}
          </CopyActionButton>
          {children}
          <CopyStatus copied={copied}>{copiedText}</CopyStatus>
        </Group>
      )}
    </CopyButton>
  );
}
