/**
 * What the audit trail can say, in words: every kind of thing a row is about
 * and every action that can be written. The API writes only these (its audit
 * function is typed by them), the audit screen shows the labels and offers
 * both lists as filters. A new action adds one line here.
 */

export const AUDIT_ENTITIES = {
  admin: 'Admin',
  session: 'Sign-in',
  grade: 'Grade',
  subject: 'Subject',
  chapter: 'Chapter',
  topic: 'Topic',
  curriculum: 'Curriculum',
  book: 'Book',
  toc_node: 'TOC node',
  content_item: 'TOC content',
  video: 'Video',
  audio: 'Audio',
  media_file: 'Media file',
  media_folder: 'Media folder',
  job: 'Background job',
  question: 'Question',
  bulk_edit: 'Bulk edit',
  question_image: 'Question image',
  assessment: 'Assessment',
  setting: 'Setting',
  test_category: 'Test category',
  qr_code: 'QR code',
  learner: 'Learner',
  contact_message: 'Contact message',
  learner_app_key: 'Learner-app key',
  free_book: 'Free book',
  free_sample: 'Free sample',
  promo_video: 'Promo video',
  popup: 'Pop-up',
  notification: 'Notification',
  mail_template: 'Mail template',
  mailer_image: 'Mailer image',
  mailer: 'Mailer',
  mail_suppression: 'Mail suppression list',
  saved_view: 'Saved view',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_KEYS = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

const a = <E extends AuditEntity>(entity: E, label: string) => ({ entity, label });

export const AUDIT_ACTIONS = {
  otp_sent: a('session', 'Passed the password step; a sign-in code was mailed'),
  login: a('session', 'Signed in'),
  login_failed: a('session', 'Failed to sign in'),
  login_locked: a('session', 'Was refused sign-in: account locked'),
  otp_failed: a('session', 'Entered a wrong sign-in code'),
  logout: a('session', 'Signed out'),
  logout_all: a('session', 'Signed out everywhere'),
  authn_token_reuse: a('session', 'Reused an old session token; all sessions were ended'),

  setup_first_admin: a('admin', 'Created the first super admin'),
  admin_created: a('admin', 'Invited an admin'),
  admin_invite_resent: a('admin', 'Sent an invitation again'),
  invite_accepted: a('admin', 'Accepted an invitation'),
  admin_edited: a('admin', 'Edited an admin'),
  admin_disabled: a('admin', 'Disabled an admin'),
  admin_modules_updated: a('admin', "Changed an admin's modules"),
  admin_deleted: a('admin', 'Deleted an admin'),
  password_changed: a('admin', 'Changed their password'),
  password_reset_requested: a('admin', 'Asked for a password reset link'),
  password_reset: a('admin', 'Reset their password from a link'),

  subject_created: a('subject', 'Added a subject'),
  subject_edited: a('subject', 'Renamed a subject'),
  subject_deleted: a('subject', 'Deleted a subject'),
  subjects_reordered: a('grade', 'Reordered the subjects of a grade'),
  chapter_created: a('chapter', 'Added a chapter'),
  chapter_edited: a('chapter', 'Renamed or renumbered a chapter'),
  chapter_deleted: a('chapter', 'Deleted a chapter'),
  chapters_reordered: a('subject', 'Reordered the chapters of a subject'),
  topic_created: a('topic', 'Added a topic'),
  topic_edited: a('topic', 'Renamed a topic'),
  topic_deleted: a('topic', 'Deleted a topic'),
  topics_reordered: a('chapter', 'Reordered the topics of a chapter'),
  curriculum_imported: a('curriculum', 'Imported the curriculum from a sheet'),

  book_created: a('book', 'Created a book'),
  book_edited: a('book', 'Edited a book'),
  book_status_changed: a('book', "Changed a book's status"),
  book_isbns_added: a('book', 'Added extra ISBNs to a book'),
  book_isbn_removed: a('book', 'Removed an extra ISBN from a book'),
  book_cover_set: a('book', 'Set a book cover'),
  book_cover_removed: a('book', 'Removed a book cover'),
  books_imported: a('book', 'Imported books from a catalogue'),
  toc_built_from_masters: a('book', 'Built a TOC from the curriculum'),
  toc_imported: a('book', 'Imported a TOC from a sheet'),

  toc_node_added: a('toc_node', 'Added a TOC node'),
  toc_node_updated: a('toc_node', 'Changed a TOC node'),
  toc_node_moved: a('toc_node', 'Moved a TOC node'),
  toc_node_deleted: a('toc_node', 'Deleted a TOC node'),
  toc_content_reordered: a('toc_node', 'Reordered the content of a TOC node'),
  toc_pdf_uploaded: a('content_item', 'Uploaded a PDF onto a TOC node'),
  toc_content_mapped: a('content_item', 'Attached content to a TOC node'),
  toc_content_removed: a('content_item', 'Removed content from a TOC node'),

  video_added: a('video', 'Added a video'),
  video_edited: a('video', 'Edited a video'),
  video_deleted: a('video', 'Deleted a video'),
  audio_added: a('audio', 'Added an audio'),
  audio_edited: a('audio', 'Edited an audio'),
  audio_deleted: a('audio', 'Deleted an audio'),
  media_file_uploaded: a('media_file', 'Uploaded a media file'),
  media_folder_moved: a('media_folder', 'Renamed or moved a media folder'),

  question_created: a('question', 'Added a question'),
  question_edited: a('question', 'Edited a question'),
  question_restored: a('question', 'Restored an earlier revision of a question'),
  question_status_changed: a('question', "Changed a question's status"),
  question_deleted: a('question', 'Deleted a question'),
  question_bulk_edited: a('question', 'Changed a question in a bulk edit'),
  question_bulk_undone: a('question', 'Put a question back when a bulk edit was undone'),
  book_bulk_edited: a('book', 'Changed a book in a bulk edit'),
  book_bulk_undone: a('book', 'Put a book back when a bulk edit was undone'),
  qr_code_bulk_edited: a('qr_code', 'Enabled, disabled or retargeted a QR code in a bulk edit'),
  qr_code_bulk_undone: a('qr_code', 'Put a QR code back when a bulk edit was undone'),
  video_bulk_edited: a('video', 'Re-filed or moved a video in a bulk edit'),
  video_bulk_undone: a('video', 'Put a video back when a bulk edit was undone'),
  audio_bulk_edited: a('audio', 'Re-filed or moved an audio in a bulk edit'),
  audio_bulk_undone: a('audio', 'Put an audio back when a bulk edit was undone'),
  learner_bulk_edited: a('learner', 'Blocked or unblocked a learner in a bulk edit'),
  learner_bulk_undone: a('learner', 'Put a learner back when a bulk edit was undone'),
  bulk_edit_started: a('bulk_edit', 'Started a bulk edit'),
  bulk_edit_undo_started: a('bulk_edit', 'Started undoing a bulk edit'),
  questions_imported: a('question', 'Imported questions'),
  mail_template_created: a('mail_template', 'Created a mail template'),
  mail_template_edited: a('mail_template', 'Edited a mail template'),
  mail_template_test_sent: a('mail_template', 'Sent a test of a mail template'),
  mailer_image_uploaded: a('mailer_image', 'Uploaded an image for mail templates'),
  mailer_sent: a('mailer', 'Started a mailer campaign'),
  mailer_paused: a('mailer', 'Paused a mailer'),
  mailer_resumed: a('mailer', 'Resumed a mailer'),
  mailer_cancelled: a('mailer', 'Cancelled a mailer'),
  mailer_retry_failed: a('mailer', 'Sent a mailer again to its failed recipients'),
  mail_suppression_removed: a(
    'mail_suppression',
    'Took an address off the suppression list (mailers reach it again)',
  ),
  mail_events_received: a(
    'mail_suppression',
    'Received bounces and complaints from the mail provider (counts only)',
  ),
  question_image_uploaded: a('question_image', 'Uploaded an image for a question'),

  // Practices: generic rows named after their routes (the body holds the practice's id).
  createPractice: a('assessment', 'Created a practice'),
  practiceQuestionMapping: a('assessment', 'Added questions to a practice'),
  addInstructionQuestion: a('assessment', 'Added an instruction block to a practice'),
  updatePracticeName: a('assessment', 'Renamed a practice'),
  updatePracticeDetails: a('assessment', "Changed a practice's settings or status"),
  updatePracticeMark: a('assessment', "Set a practice's default marks"),
  updateMarking: a('assessment', 'Set the marks of every question of a practice'),
  updateItemMarks: a('assessment', "Set one question's marks in a practice"),
  updateItemStatus: a('assessment', 'Activated or deactivated an item of a practice'),
  removeFromPractice: a('assessment', 'Removed items from a practice'),
  changeQuestionPriority: a('assessment', 'Reordered the items of a practice'),
  updateGeneralInstructions: a('setting', 'Changed the general instructions of practices'),
  addMockTest: a('assessment', 'Created a mock test'),
  editMockTest: a('assessment', 'Edited a mock test'),
  changeMockTestStatus: a('assessment', "Changed a mock test's status"),
  cloneMockTest: a('assessment', 'Cloned a mock test'),
  mockTestQuestionMapping: a('assessment', 'Added questions to a mock test'),
  removeFromMockTest: a('assessment', 'Removed items from a mock test'),
  updateMockTestQuestion: a('assessment', "Set one question's marks in a mock test"),
  updateMarkingInAll: a('assessment', 'Set the marks of every question of a mock test'),
  mockTestQuestionPriority: a('assessment', 'Reordered the items of a mock test'),
  changeMockTestQuestionStatus: a('assessment', 'Activated or deactivated an item of a mock test'),
  addInstructionMockQuestion: a('assessment', 'Added an instruction block to a mock test'),
  addTestCategory: a('test_category', 'Added a test category'),
  fillMockTestSection: a('assessment', 'Filled a section of a mock test from the bank'),
  fillDiagnosticSection: a('assessment', 'Filled a section of a diagnostic test from the bank'),
  cloneDiagnosticTest: a('assessment', 'Cloned a diagnostic test'),
  editDiagnosticTest: a('assessment', 'Edited a diagnostic test'),
  clonePractice: a('assessment', 'Cloned a practice'),
  cloneVideoQuiz: a('assessment', 'Cloned a video quiz'),
  editVideoQuiz: a('assessment', "Changed a video quiz's settings"),
  addDiagnosticTest: a('assessment', 'Created a diagnostic test'),
  changeDiagnosticTestStatus: a('assessment', "Changed a diagnostic test's status"),
  addDiagnosticPracticeMap: a('assessment', 'Added a chapter section to a diagnostic test'),
  editDiagnosticPractice: a('assessment', 'Changed a section of a diagnostic test'),
  diagnosticQuestionMapping: a('assessment', 'Added questions to a diagnostic test'),
  diagnosticQuestionPriority: a('assessment', 'Reordered the items of a diagnostic test'),
  updateDiagnosticQuestionMarking: a('assessment', "Set one question's marks in a diagnostic test"),
  changeDiagnosticQuestionStatus: a(
    'assessment',
    'Activated or deactivated an item of a diagnostic test',
  ),
  addDiagnosticInstruction: a('assessment', 'Added an instruction block to a diagnostic test'),
  removeFromDiagnosticTest: a('assessment', 'Removed items from a diagnostic test'),
  addPracticeForVideo: a('assessment', 'Created a video quiz'),
  editOneVideoTitle: a('assessment', 'Renamed a video quiz'),
  deleteOneVideo: a('assessment', 'Deleted a video quiz'),
  activeDeactive: a('assessment', "Changed a video quiz's status"),
  addOneVideoQuestion: a('assessment', 'Added a question at a moment of a video quiz'),
  videoQuestionMapping: a('assessment', 'Added questions to a video quiz'),
  changeVideoQuestionPriority: a(
    'assessment',
    'Moved a question of a video quiz to another moment',
  ),
  updateVideoQuestionMarking: a('assessment', "Set one question's marks in a video quiz"),
  removeQuestionFromPractice: a('assessment', 'Removed questions from a video quiz'),

  // The generic row of the route (named after it): the body holds the job id.
  retryJob: a('job', 'Ran a failed job again'),

  qr_codes_generated: a('qr_code', 'Generated QR codes'),
  qr_code_retargeted: a('qr_code', 'Pointed a QR code at another target'),
  qr_code_disabled: a('qr_code', 'Disabled a QR code'),
  qr_code_enabled: a('qr_code', 'Enabled a QR code'),
  // Learners: generic rows named after their routes (the body holds the id and the reason or note).
  resetUserDevice: a('learner', "Reset a learner's device binding"),
  resolveContactMessage: a('contact_message', 'Resolved a contact message'),
  createLearnerAppKey: a('learner_app_key', 'Created a learner-app key'),
  revokeLearnerAppKey: a('learner_app_key', 'Revoked a learner-app key'),
  free_book_added: a('free_book', 'Made a whole book free'),
  free_book_removed: a('free_book', 'Made a book no longer free as a whole'),
  free_sample_set: a('free_sample', "Chose a book's free sample"),
  free_sample_cloned: a('free_sample', 'Copied a free sample from another book'),
  free_node_changed: a('free_sample', 'Switched a node of a free sample on or off'),
  promo_video_added: a('promo_video', 'Added a promo video'),
  promo_video_edited: a('promo_video', 'Edited a promo video'),
  promo_video_deleted: a('promo_video', 'Deleted a promo video'),
  promo_video_status_changed: a('promo_video', 'Activated or deactivated a promo video'),
  promo_videos_reordered: a('promo_video', 'Reordered the promo videos'),
  // Pop-ups and notifications.
  popup_image_uploaded: a('popup', 'Uploaded a pop-up image'),
  popup_created: a('popup', 'Created a pop-up'),
  popup_updated: a('popup', 'Changed a pop-up'),
  popup_activated: a('popup', 'Activated a pop-up'),
  popup_deactivated: a('popup', 'Deactivated a pop-up'),
  popup_deleted: a('popup', 'Deleted a pop-up'),
  notification_image_uploaded: a('notification', 'Uploaded a notification image'),
  notification_created: a('notification', 'Created a notification'),
  notification_updated: a('notification', 'Changed a notification'),
  notification_cancelled: a('notification', 'Cancelled a notification'),
  // Saved views of the lists: generic rows named after their routes (the body says what changed).
  createSavedView: a('saved_view', 'Saved a view of a list'),
  updateSavedView: a('saved_view', 'Changed a saved view'),
  deleteSavedView: a('saved_view', 'Deleted a saved view'),
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** The words for a row's action; a code no longer written (older rows) is shown as words. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, { label: string }>)[action]?.label ?? humanize(action);
}

export function auditEntityLabel(entity: string): string {
  return (AUDIT_ENTITIES as Record<string, string>)[entity] ?? humanize(entity);
}

function humanize(code: string) {
  const words = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
