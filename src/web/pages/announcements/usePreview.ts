import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { PREVIEW_DEBOUNCE_MS } from '../../../shared/constants';
import type { MessagePreviewBody } from '../../../shared/schemas/messages';
import { useAnnouncementPreview } from '../../api/announcements';
import type { ComposerKind } from './composerKind';
import { type ComposerDraft, previewBody } from './composerModel';

/**
 * The preview of the draft. Text changes reach it PREVIEW_DEBOUNCE_MS (1 s) after the last
 * keystroke; recipient changes at once (the filter editor already waits 300 ms after the
 * rows change, and picking a member is one click), so the count follows the filter quickly.
 */
export function usePreview(draft: ComposerDraft, usePreviewQuery: ComposerKind['usePreviewQuery'] = useAnnouncementPreview) {
  const textKey = JSON.stringify([draft.msg_media, draft.subject, draft.content]);
  const [debouncedText] = useDebouncedValue(textKey, PREVIEW_DEBOUNCE_MS);
  const recipientsKey = JSON.stringify([draft.filter, draft.addrecips]);
  const body = useMemo((): MessagePreviewBody => {
    const [msg_media, subject, content] = JSON.parse(debouncedText) as [ComposerDraft['msg_media'], string, string];
    const [filter, addrecips] = JSON.parse(recipientsKey) as [ComposerDraft['filter'], number[]];
    return previewBody({ msg_media, subject, content, filter, addrecips });
  }, [debouncedText, recipientsKey]);
  const query = usePreviewQuery(body);
  // The shown preview is of the text as it is now only once the debounce has caught up.
  const settled = debouncedText === textKey && !query.isFetching && !query.isPlaceholderData;
  return { query, body, settled };
}
