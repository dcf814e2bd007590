import { Anchor, Group, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface NewTabLinkProps {
  href: string;
  children: ReactNode;
  /** Read to screen readers only, e.g. "(avautuu uuteen välilehteen)". */
  newTabText: string;
  'data-testid'?: string;
}

/** A link that opens in a new tab and says so (icon for the eye, hidden text for the ear). */
export function NewTabLink({ href, children, newTabText, 'data-testid': testId }: NewTabLinkProps) {
  return (
    <Anchor href={href} target="_blank" rel="noopener" fw={600} data-testid={testId}>
      <Group component="span" gap={4} wrap="nowrap">
        {children}
        <IconExternalLink size={16} aria-hidden />
        <VisuallyHidden>{newTabText}</VisuallyHidden>
      </Group>
    </Anchor>
  );
}
