import { UPDREQ_MEDIA } from '../../../shared/schemas/updreqs';
import { useSaveUpdreq, useUpdreqPreview } from '../../api/updreqsAdmin';
import { updateRequestPath } from '../../paths';
import type { ComposerKind } from '../announcements/composerKind';
import type { ComposerDraft } from '../announcements/composerModel';

// The announcement composer as an update request's: email or SMS, the updreqs API, and a
// sample of the personal link each SMS ends with (the server adds the real one per recipient).

/** As long as a real token (43 characters), so the preview shows the real length. */
const SAMPLE_TOKEN = 'esimerkki'.padEnd(43, '0');

export const UPDREQ_KIND: ComposerKind = {
  media: UPDREQ_MEDIA,
  usePreviewQuery: useUpdreqPreview,
  useSave: useSaveUpdreq,
  pathOf: updateRequestPath,
  texts: (t) => ({
    subjectSmsHelp: t('updreqs.subject_sms_help'),
    filterEmpty: t('updreqs.filter_empty'),
    pickedHelp: t('updreqs.picked_help'),
    whyNoRecipients: t('updreqs.why_no_recipients'),
    sendTitle: t('updreqs.send_title'),
    sendText: (count, media) => t('updreqs.send_text', { count, media }),
    sentNotice: t('updreqs.sent_notice'),
  }),
  smsSuffix: () => `${window.location.origin}/edit_me_h/${SAMPLE_TOKEN}`,
};

/** A new update request: the usual subject and a short text; the link and its validity are added below it. */
export const defaultUpdreqDraft = (subject: string, content: string): ComposerDraft => ({ subject, msg_media: 'email', content, filter: [], addrecips: [] });
