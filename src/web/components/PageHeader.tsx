import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalSession } from '../auth/SessionContext';
import { useDocumentTitle } from './useDocumentTitle';

interface PageHeaderProps {
  /** The page's h1. */
  title: string;
  /** Tab title; by default "<title> – <association>". */
  documentTitle?: string;
  /** Page actions shown beside the heading (buttons). */
  children?: ReactNode;
}

/** Heading of every page: one h1, the tab title, and room for the page's actions. */
export function PageHeader({ title, documentTitle, children }: PageHeaderProps) {
  const { t } = useTranslation();
  const session = useOptionalSession();
  const site = session?.customer_name ?? t('app.name');
  useDocumentTitle(documentTitle ?? t('app.document_title', { page: title, site }));

  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="lg" wrap="wrap">
      {/* tabIndex -1: the layout moves focus here after a route change. Long names (an invoice's recipient and subject) wrap on a phone. */}
      <Title order={1} tabIndex={-1} data-page-heading style={{ outline: 'none', overflowWrap: 'anywhere', minWidth: 0 }}>
        {title}
      </Title>
      {children ? <Group gap="sm">{children}</Group> : null}
    </Group>
  );
}
