import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** "Siirry sisältöön": jumps over the top bar to the page (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation();
  // Focus directly instead of following the #fragment, so the router's URL stays clean.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={onClick}>
      {t('layout.skip_to_content')}
    </a>
  );
}
