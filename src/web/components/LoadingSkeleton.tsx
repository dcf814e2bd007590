import { Skeleton, type SkeletonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A grey block where content is loading. role="status" names it for screen readers: an
 * aria-label alone on a plain div is not allowed by ARIA (axe: aria-prohibited-attr).
 */
export function LoadingSkeleton(props: SkeletonProps) {
  const { t } = useTranslation();
  return <Skeleton {...props} role="status" aria-label={t('app.loading')} />;
}
