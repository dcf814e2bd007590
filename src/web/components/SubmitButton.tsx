import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface SubmitButtonProps extends Omit<ButtonProps, 'loading' | 'type'> {
  /** From useGuardedSubmit: while true the button is disabled and shows a spinner. */
  pending: boolean;
  children: ReactNode;
}

/** The save button of a form; pair it with useGuardedSubmit so the handler runs once. */
export function SubmitButton({ pending, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" loading={pending} aria-busy={pending || undefined} {...props}>
      {children}
    </Button>
  );
}
