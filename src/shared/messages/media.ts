// The ways a message can go out. 'letter' is posted by the print service; 'pdf' is a
// print-ready letter the association downloads and posts itself.

export const MESSAGE_MEDIA = ['email', 'sms', 'letter', 'pdf'] as const;

export type MessageMedia = (typeof MESSAGE_MEDIA)[number];
