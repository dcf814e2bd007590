import { Box, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Page links under a paged table, as a labelled navigation landmark; nothing when
 * everything fits on one page. `page` is 1-based, like the links.
 */
export function Pager({ pages, page, onChange }: { pages: number; page: number; onChange(page: number): void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={t('pager.label')}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        withEdges
        getItemProps={(p) => ({ 'aria-label': t('pager.page_n', { page: p }) })}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      />
    </Box>
  );
}
