import { Button, Collapse, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface AdvancedSectionProps {
  /** The toggle's text, e.g. "Lisäasetukset". */
  title: string;
  /** An input inside has an error: the section opens and the input gets focus. */
  invalid: boolean;
  children: ReactNode;
}

/**
 * Settings most users never need (internal identifiers like `address_street`), behind
 * a collapsed toggle. A closed section's inputs are out of the tab
 * order; an error inside opens it, and focus moves to the input in error when the form's
 * own focusing could not reach it while it was hidden.
 */
export function AdvancedSection({ title, invalid, children }: AdvancedSectionProps) {
  const [opened, setOpened] = useState(false);
  const id = useId();
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!invalid) return;
    setOpened(true);
    // The input can take focus only once the section has rendered open, which may be a
    // frame or more later on a busy device: try each frame until it holds focus (or give up).
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.getAttribute('aria-invalid') === 'true') return;
      const target = body.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      target?.focus();
      if (document.activeElement !== target && ++tries < 30) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [invalid]);

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        size="sm"
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={opened}
        aria-controls={id}
        leftSection={opened ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
        onClick={() => setOpened((o) => !o)}
      >
        {title}
      </Button>
      <Collapse expanded={opened} id={id} transitionDuration={0}>
        <Stack gap="md" ref={body}>
          {children}
        </Stack>
      </Collapse>
    </Stack>
  );
}
