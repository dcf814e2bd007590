import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { MESSAGE_MEDIA, type MessageMedia } from '../../../shared/messages/media';
import type { AnnouncementSaveBody, MessagePreviewBody, MessagePreviewReply } from '../../../shared/schemas/messages';
import { useAnnouncementPreview, useSaveAnnouncement } from '../../api/announcements';
import { announcementPath } from '../../paths';

// What makes the composer an announcement's or another message kind's (update requests):
// the media offered, the API calls, where a saved message lives and the words that name it.
// The hooks are module constants, so the rules of hooks hold.

export interface ComposerTexts {
  subjectSmsHelp: string;
  filterEmpty: string;
  pickedHelp: string;
  whyNoRecipients: string;
  sendTitle: string;
  sendText: (count: number, media: string) => string;
  sentNotice: string;
}

export interface ComposerKind {
  media: readonly MessageMedia[];
  usePreviewQuery: (body: MessagePreviewBody | null) => UseQueryResult<MessagePreviewReply>;
  useSave: () => UseMutationResult<{ id: number; mooney_id?: string | undefined; queued: boolean }, Error, AnnouncementSaveBody>;
  pathOf: (id: number) => string;
  texts: (t: TFunction) => ComposerTexts;
  /** What each SMS gets after the text (a personal link), shown in the preview as a sample. */
  smsSuffix?: () => string;
}

export const ANNOUNCEMENT_KIND: ComposerKind = {
  media: MESSAGE_MEDIA,
  usePreviewQuery: useAnnouncementPreview,
  useSave: useSaveAnnouncement,
  pathOf: announcementPath,
  texts: (t) => ({
    subjectSmsHelp: t('announcements.subject_sms_help'),
    filterEmpty: t('announcements.filter_empty'),
    pickedHelp: t('announcements.picked_help'),
    whyNoRecipients: t('announcements.why_no_recipients'),
    sendTitle: t('announcements.send_title'),
    sendText: (count, media) => t('announcements.send_text', { count, media }),
    sentNotice: t('announcements.sent_notice'),
  }),
};
