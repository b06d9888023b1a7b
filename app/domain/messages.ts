import type { AccountLinkPurpose, LinkRefusal } from "./account-links";
import type { ImageRefusal } from "./ports";
import { siteMessages } from "./site-messages";
import { SPAM_MIN_FILL_MS } from "./spam";

export const messages = {
  ...siteMessages,
  captchaWrong: "Incorrect math answer. Please try again.",
  fillInField: (field: string) => `Please fill in the ${field}`,
  fillInOutcomes: "Please fill in all outcome labels and values",
  fillInAllFields: "Please fill in all fields",
  loginMissingFields: "Please enter both email and password",

  loginSuccess: "Login Successful!",
  loginFailed: "Login failed",
  logoutSuccess: "Logged out successfully",
  logoutFailed: "Logout failed",
  sessionExpired: "Session expired. Please log in again.",
  readOnlyScreen: "Your role can read this screen but not change it.",
  forbidden: (permission: string) => `Your role does not allow this: it needs the ${permission} permission. Ask an Owner or an Admin.`,
  caseStudiesLoadFailed: (error: string) => `Failed to load case studies: ${error}`,
  caseStudiesListLoadFailed: "Failed to load case studies",
  caseStudyDeleted: "Case study deleted successfully",
  caseStudyDeleteFailed: "Failed to delete case study",
  caseStudyCreated: "Case Study Created Successfully!",
  caseStudyUploaded: "Case Study Uploaded Successfully!",
  caseStudyUpdated: "Case Study Updated Successfully!",
  caseStudySaveFailed: "Failed to save case study",
  caseStudyUploadFailed: "Failed to upload case study",
  adminsLoadFailed: "Failed to load admins",
  adminAdded: "Admin added successfully",
  adminAddFailed: "Failed to add admin",
  adminDeleted: "Admin deleted successfully",
  adminDeleteFailed: "Failed to delete admin",

  invalidCredentials: "These credentials do not match our records.",
  loginThrottled: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  signInBusy: "Too many sign-ins are being checked right now. Please try again in a moment.",
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "The password must be at least 8 characters long",
  passwordTooLong: "The password must be at most 72 bytes long",
  emailTaken: "An admin with this email already exists",
  invalidWebsiteUrl: "Please enter a valid website URL, such as https://example.com",
  caseStudyStatusInvalid: "Please choose Draft or Published",
  // services, industries and featured work (docs/behaviour.md#services-and-industries)
  caseStudyServicesInvalid: "Services must be a list of service addresses",
  caseStudyServicesTooMany: "Choose at most 12 services",
  caseStudyServiceUnknown: (slugs: string[]) =>
    `${slugs.length === 1 ? "There is no service" : "There are no services"} ${slugs.map((slug) => `'${slug}'`).join(", ")} on the site: choose from the site's services`,
  caseStudyFeaturedInvalid: "Featured must be true or false",
  caseStudyFeaturedOrderInvalid: "The featured order must be a whole number from 1",
  industryNameRequired: "Please fill in the industry's name",
  industryNameTooLong: (max: number) => `The industry's name must be at most ${max} characters long`,
  industryNameInvalid: "The industry's name needs at least one letter or digit",
  industryNameTaken: "There is already an industry with this name",
  industryTooMany: (max: number) => `There can be at most ${max} industries`,
  industryNotFound: "This industry no longer exists.",
  industryInUse: (count: number) =>
    `${count === 1 ? "1 case study uses" : `${count} case studies use`} this industry: give ${count === 1 ? "it" : "them"} another industry first.`,
  industryAdded: "Industry added",
  industryRenamed: "Industry renamed",
  industryRemoved: "Industry removed",
  industryMoved: "Order saved",
  industryIntentInvalid: "Please choose what to do",
  industryAtTheEnd: "It is already at that end of the list.",
  industryPositionInvalid: "The position must be a whole number from 1",
  industryChangesEmpty: "Send a new name, a new position, or both.",
  featuredMoved: "Featured order saved",
  featuredRemoved: "No longer featured",
  featuredNotFound: "This case study is not featured any more.",
  imageAltInvalid: "The alt text must be text",
  imageAltTooLong: (max: number) => `The alt text must be at most ${max} characters long`,
  scheduleTimeInvalid: "Please enter a date and time, such as 2026-12-01T09:00 (UTC)",
  scheduleTimePast: "Please choose a time in the future",
  publishAtNeedsDraft: "A publish time is for a draft: clear it to publish now, or keep the entry a draft to publish it then",
  unpublishBeforePublish: "The unpublish time must be after the publish time",
  // a case study's web address (slug)
  caseStudySlugInvalid: "The web address must be text",
  caseStudySlugEmpty: "The web address needs at least one letter or digit",
  caseStudySlugTooLong: (max: number) => `The web address must be at most ${max} characters long`,
  caseStudySlugLooksLikeId: "The web address cannot be 24 letters a to f and digits: that is how ids look",
  caseStudySlugTaken: "Another case study uses or used this web address: please choose another",
  imageRequired: "Please choose an image for the case study",
  imageTooLarge: (mb: number) => `The image must be at most ${mb} MB`,
  imageNotAnImage: "The image must be a JPEG, PNG, WebP, AVIF or GIF file",
  imageSvg: "SVG images are not accepted: please upload a JPEG, PNG, WebP, AVIF or GIF file",
  imageDamaged: "The image file is damaged or incomplete",
  imageTooManyPixels: "The image must be at most 40 megapixels (for instance 8000 × 5000 pixels)",
  uploadRequestTooLarge: (mb: number) => `The request is too large: the image must be at most ${mb} MB`,
  cannotDeleteSelf: "You cannot delete your own account while signed in",
  cannotDeleteLastAdmin: "The last admin cannot be deleted",
  adminNotFound: "This admin no longer exists",
  adminUpdated: "Admin updated successfully",
  signedOutEverywhere: "Signed out everywhere. Please log in again.",
  signOutOthersOnly: "You can only sign yourself out everywhere",
  // invitations and password reset (docs/behaviour.md#invitations, #password-reset)
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  invitationResent: (email: string) => `A new invitation was sent to ${email}; the earlier link no longer works`,
  invitationWithdrawn: (email: string) => `The invitation to ${email} was withdrawn; its link no longer works`,
  invitationFailed: "Failed to send invitation",
  invitationNotFound: "This invitation is no longer pending",
  emailInvited: "This email already has a pending invitation",
  invitationMailOff:
    "Email is off (SMTP_URL is not set): an invitation cannot be emailed, so its link is shown to you once, to pass on yourself.",
  invitationNotEmailed: (email: string, mailOn: boolean) =>
    mailOn
      ? `The email to ${email} could not be queued. The link is shown only once.`
      : `Email is off (SMTP_URL is not set), so nothing was emailed to ${email}. The link is shown only once.`,
  linkCopied: "Copied",
  linkNotCopied: "Select the link and copy it",
  invitationAccepted: "Your account is ready. Please sign in with your new password.",
  passwordRequired: "Please choose a password",
  emailRequired: "Please enter your email address",
  resetRequested: (validFor: string) =>
    `If an admin account has this email, a link to choose a new password is on its way. It works once, for ${validFor}.`,
  resetThrottled: (minutes: number) =>
    `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  resetMailOff:
    "Password reset by email is off on this site (SMTP_URL is not set). Ask another admin to set a new password for you on the Users screen.",
  passwordResetDone:
    "Your password has been changed, and every session and API token of your account has ended. Please sign in with your new password.",
  linkUnknown: "This link is not valid. Open the whole link from your email again.",
  linkUsed: "This link has already been used.",
  linkExpired: "This link has expired.",
  invitationLinkWithdrawn: "This invitation was withdrawn.",
  invitationLinkReplaced: "A newer invitation was sent: use the link in the latest email.",
  resetLinkReplaced: "A newer link was sent: use the link in the latest email.",
  resetLinkWithdrawn: "This link no longer works.",
  // my sessions and the audit log (docs/behaviour.md#my-sessions, #audit-log)
  sessionEnded: "Session ended",
  tokenRevoked: "API token revoked",
  sessionAlreadyEnded: "This session has already ended",
  tokenAlreadyEnded: "This API token has already ended",
  auditActorInvalid: "Please choose an admin from the list, or no admin",
  auditActionInvalid: "Please choose an action from the list",
  auditDateInvalid: "Please enter a date as YYYY-MM-DD",
  auditRangeInvalid: "The start date must not be after the end date",
  settingsSaved: "Settings saved successfully",
  whatsappNumberRequired: "Please enter a WhatsApp number",
  whatsappNumberUndialable:
    "Please enter a number that can be dialled: a North American number, or + and the country code for any other country (e.g. +44 20 7946 0018)",
  contactEmailSettingRequired: "Please enter a contact email",
  notificationEmailInvalid: (address: string) => `"${address}" is not a valid email address`,
  notificationEmailsTooMany: (max: number) => `Please enter at most ${max} email addresses`,
  notificationEmailsUnreadable: "Please enter email addresses separated by commas or new lines",
  emailNotificationsOff: (recipients: string) => `Email notifications are off: set SMTP_URL to have new messages emailed to ${recipients}.`,
  confirmDeleteMessage: "Are you sure you want to delete this message?",
  messageDeleted: "Message deleted successfully",
  messageDeleteFailed: "Failed to delete message",
  messageNotFound: "This message no longer exists",

  // leads: the inbox's pipeline and the lead page (docs/behaviour.md#leads)
  leadStatus: {
    new: "New",
    contacted: "Contacted",
    qualified: "Qualified",
    proposal: "Proposal",
    won: "Won",
    lost: "Lost",
    spam: "Spam",
  },
  leadTab: { all: "All", new: "New", open: "Open", won: "Won", lost: "Lost", spam: "Spam" },
  leadOwnerFilter: { anyone: "Anyone", mine: "Mine", nobody: "Nobody" },
  leadNoOwner: "Nobody",
  leadsNone: "No leads match.",
  leadChanged: "Lead updated",
  leadsChanged: (count: number) => `${count} lead${count === 1 ? "" : "s"} updated`,
  leadsNoneSelected: "Please select at least one lead",
  leadsNoChange: "Please choose a status or an owner to change",
  leadOwnerUnknown: "That admin no longer exists",
  leadNoteAdded: "Note added",
  leadNoteRequired: "Please write a note",
  leadNoteTooLong: (max: number) => `A note must be at most ${max.toLocaleString("en-US")} characters long`,
  leadsExportCapped: (max: number, total: number) =>
    `The export holds the newest ${max.toLocaleString("en-US")} of these ${total.toLocaleString("en-US")} leads: narrow the dates for the rest.`,
  leadFormerOwner: "an admin no longer here",
  leadReplyQueued: "Reply queued: it is sent within a minute",
  leadReplySubjectRequired: "Please write a subject",
  leadReplySubjectTooLong: (max: number) => `The subject must be at most ${max.toLocaleString("en-US")} characters long`,
  leadReplyRequired: "Please write a reply",
  leadReplyTooLong: (max: number) => `A reply must be at most ${max.toLocaleString("en-US")} characters long`,
  leadReplyMailOff: "Email is off (SMTP_URL is not set), so replies cannot be sent from the dashboard.",
  leadReplyMailOffHint: "Write from your own mail program instead: the link opens it with the subject and the message quoted.",
  leadReplyMailto: (email: string) => `Reply to ${email} in your mail program`,
  leadReplyNotQueued: "The reply could not be queued. Please try again.",
  leadReplyState: { queued: "queued", sent: "sent", failed: "failed" },
  leadReplyStateWhy: (state: string, reason: string | null) => (reason ? `${state}: ${reason}` : state),
  leadWaiting: (age: string) => `Waiting ${age}`,
  leadsWaiting: (hours: number) => `Leads new for over ${hours} h`,
  leadsWaitingOldest: (age: string) => `oldest waiting ${age}`,
  leadsWaitingNone: "none waiting",
  medianFirstResponse: "Median first response, last 30 days",
  // docs/behaviour.md#lead-figures
  pipelineHeading: "Pipeline",
  leadsThisMonth: "Leads this month, by status",
  wonThisQuarter: "Won this quarter",
  leadFigures: {
    heading: (days: number) => `Leads, last ${days} days`,
    perSource: "Leads per source",
    perService: "Leads per service",
    chatsPerService: "WhatsApp chats started per service",
    viewedBeforeLeads: "Viewed before writing",
    viewedBeforeWon: "Viewed before won leads",
    caseStudies: "Case studies",
    services: "Services",
    none: "None yet.",
    direct: "Direct (no referrer, no utm_source)",
    notRecorded: "Not recorded (no visit cookie)",
    utm: (source: string) => `${source} (utm_source)`,
    intro:
      "Spam left out. A source is the first page's utm_source, else the referrer's host, else direct. A case study counts once a lead when it was among the pages viewed or the message was about it; a service when the message was about it or a case study viewed is one of its.",
  },
  medianFirstResponseNone: "no responses yet",
  autoReplySettingInvalid: "The autoresponder must be on or off",
  autoReplySubjectRequired: "Please write the autoresponse's subject",
  autoReplySubjectTooLong: (max: number) => `The autoresponse's subject must be at most ${max.toLocaleString("en-US")} characters long`,
  autoReplyTextRequired: "Please write the autoresponse's text",
  autoReplyTextTooLong: (max: number) => `The autoresponse's text must be at most ${max.toLocaleString("en-US")} characters long`,
  timeZoneInvalid: "Choose a time zone from the list, such as Europe/Berlin or UTC",
  leadWaitHoursInvalid: (min: number, max: number) => `Hours a new lead may wait must be a whole number from ${min} to ${max}`,
  leadSource: {
    title: "Source",
    none: "Source: not recorded.",
    firstPage: "First page",
    cameFrom: "Came from",
    noReferrer: "no referrer (typed, bookmarked or hidden)",
    service: "Service",
    caseStudy: "Case study",
    visit: "Visit",
    visitNotRecorded: "not recorded",
    pagesViewed: (count: number) => `Pages viewed (${count}), oldest first`,
  },
  // spam (docs/behaviour.md#spam)
  leadNotSpam: "Not spam",
  leadMovedToNew: "Moved to New",
  spamReason: {
    honeypot: "the hidden field only bots fill in was filled in",
    "too-fast": `it was sent within ${SPAM_MIN_FILL_MS / 1000} seconds of the form being shown`,
    "forged-time": "the form's signed time was missing its signature or altered",
    links: "it has more links than the spam rules allow",
    words: "it has a word listed in the spam rules",
  },
  spamFiledBecause: (reason: string) => `Filed as spam: ${reason}.`,
  spamRulesSaved: "Spam rules saved",
  spamMaxLinksInvalid: (max: number) => `Please enter a whole number of links from 0 to ${max}`,
  spamWordsTooMany: (max: number) => `Please list at most ${max} words`,
  spamWordTooLong: (max: number) => `Each listed word must be at most ${max} characters long`,
  confirmDeleteAdmin: "Are you sure you want to delete this admin?",
  confirmDeleteCaseStudy: "Are you sure you want to delete this case study?",

  // two-factor sign-in (docs/behaviour.md#two-factor-sign-in)
  twoFactorCodeRequired: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  twoFactorCodeMissing: "Please enter the code from your authenticator app",
  twoFactorCodeInvalid: "That code is not right. Please check your authenticator app and try again.",
  twoFactorCodeUsed: "That code has already been used. Please wait for the next one.",
  recoveryCodeUsed: "That recovery code has already been used.",
  twoFactorStepExpired: "Your sign-in took too long. Please enter your email and password again.",
  twoFactorSetupRequired: "Two-factor sign-in is required for every admin: set it up to continue.",
  apiTwoFactorSetupRequired:
    "Two-factor sign-in is required for every admin: set it up on the dashboard (My account, Two-factor sign-in) before using the API.",
  twoFactorEnabled: "Two-factor sign-in is on.",
  twoFactorDisabled: "Two-factor sign-in is off.",
  recoveryCodesRenewed: "New recovery codes made. The earlier ones no longer work.",
  twoFactorSetupExpired: "This setup has expired. Please start again.",
  twoFactorAlreadyOn: "Two-factor sign-in is already on.",
  twoFactorNotOn: "Two-factor sign-in is not on.",
  twoFactorNoKey: "Two-factor sign-in cannot be used until TWO_FACTOR_KEY is set on the server.",
  currentPasswordMissing: "Please enter your password",
  currentPasswordWrong: "That password is not right.",
  twoFactorRequiredStaysOn: "Two-factor sign-in is required for every admin, so it cannot be turned off.",
  requireTwoFactorInvalid: "Require two-factor sign-in must be on or off",
  recordPagesViewedInvalid: "Record the pages a visitor views before writing must be on or off",

  // contact form (the wrong-captcha alert is captchaWrong above)
  contactSent: "Thanks! Your message has been sent.",
  contactSentTitle: "Message sent",
  contactSentNote: "We reply within one business day. The form is empty again, with a new question, should you want to write more.",
  contactNameRequired: "Please enter your name",
  contactNameTooLong: "The name must be at most 100 characters long",
  contactEmailRequired: "Please enter your email address",
  contactMessageRequired: "Please enter a message",
  contactMessageTooLong: "The message must be at most 5,000 characters long",
  captchaRequired: "Please answer the math question.",
  captchaExpired: "This math question has expired. Please answer the new one.",
  captchaInvalid: "This math question is no longer valid. Please answer the new one.",
  contactRateLimited: (minutes: number) =>
    `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  contactBadRequest: "We could not read the form. Please try again.",
  // docs/behaviour.md#nothing-lost: the database refused the message's write
  contactNotSaved:
    "We could not save your message just now, so it has not reached us. What you typed is still here: please try again in a moment, or send it to us by email.",
  contactEmailInstead: (address: string) => `Email your message to ${address}`,
  contactMailSubject: (name: string) => (name ? `Message from ${name}` : "Message from the website"),
  // the optional fields a studio turns on (docs/behaviour.md#optional-contact-fields)
  contactCompanyTooLong: "The company name must be at most 100 characters long",
  contactBudgetUnknown: "Please choose one of the budget ranges in the list",
  contactTimelineTooLong: "The timeline must be at most 100 characters long",
  contactPhoneInvalid: "Please enter a phone number we can call: + and the country code, then the number (e.g. +44 20 7946 0018)",
  budgetRangesRequired: "Please name at least one budget range, one per line, to ask for a budget",
  budgetRangesTooMany: (max: number) => `Please name at most ${max} budget ranges`,
  budgetRangeTooLong: (max: number) => `Each budget range must be at most ${max} characters long`,
  contactFieldSettingInvalid: "Each optional field of the contact form must be on or off",
  crossSiteRefused: "This request came from another site and was refused.",
  formTooLarge: "The form is too large to be sent.",

  // site content (the dashboard's Site content area and /api/content)
  contentTooLong: (label: string, max: number) => `The ${label} must be at most ${max.toLocaleString("en-US")} characters long`,
  contentListInvalid: (label: string) => `The ${label} must be a list`,
  contentListTooShort: (label: string, min: number) => `Please add at least ${min} ${min === 1 ? "entry" : "entries"} to the ${label}`,
  contentListTooLong: (label: string, max: number) => `The ${label} can have at most ${max} entries`,
  contentImageInvalid: "Please choose an image uploaded to the site",
  contentUrlInvalid: (label: string) => `Please enter a valid ${label}, such as https://example.com`,
  accentInvalid: "Please enter the accent colour as #rgb or #rrggbb, such as #3b50e6",
  accentLowContrast: (accent: string, failing: { readers: string; suggestion: string | null }) =>
    `With ${accent}, ${failing.readers.charAt(0).toLowerCase()}${failing.readers.slice(1)} would be hard to read. ${
      failing.suggestion
        ? `Try ${failing.suggestion}, the nearest shade of the same colour that reads well everywhere.`
        : "Please choose a darker colour."
    }`,
  fontInvalid: "Please choose one of the typefaces offered",
  slugInvalid: "Please use lowercase letters, digits and single hyphens only",
  slugTaken: "Each service needs its own address",
  serviceIconInvalid: "Please choose one of the icons offered",
  ratingInvalid: "The rating must be a whole number from 1 to 5",
  socialIconInvalid: "Please choose one of the icons offered",
  dateInvalid: "Please enter a date as YYYY-MM-DD",
  contentDraftSaved: "Draft saved. Visitors still see the published version.",
  contentPublished: "Published: visitors now see this version.",
  contentDraftDiscarded: "Draft discarded.",
  contentNoDraft: "There is no draft to publish.",
  contentNotSaved: "The content could not be saved",
  contentPartNotFound: "There is no such part of the site's content.",
  versionNotFound: "This version no longer exists.",
  versionRestored: (n: number) => `Version ${n} restored as a new version.`,
  versionOutdated: "This version no longer fits this part's fields, so it cannot be restored.",
  contentImageRequired: "Please send an image file in the image field",
  contentBodyInvalid: "Please send the part's fields as an object under content.",
  contentPublishInvalid: "The publish field must be true or false.",
  previewIntentInvalid: "Please choose to turn the preview on or off",

  // API keys (docs/api.md#api-keys)
  apiKeyNameRequired: "Please name the key",
  apiKeyNameTooLong: (max: number) => `The key's name must be at most ${max} characters long`,
  apiKeyScopesRequired: "Please choose at least one scope",
  apiKeyScopeUnknown: "Please choose scopes from the list",
  apiKeyExpiryInvalid: "Please enter the expiry as a date (YYYY-MM-DD)",
  apiKeyExpiryPast: "The expiry must be today or later",
  apiKeyCreated: "API key created. Copy it now: it is not shown again.",
  apiKeyRevoked: "API key revoked",
  apiKeyNotFound: "No live API key with this id.",
  apiKeyCannotInvite: "An API key cannot send invitations: an invitation rests on its sender's password. Send it from an admin's account.",
  apiKeyRouteClosed: "This route is not open to API keys.",
  apiKeyHasNoMe: "An API key is not an admin: owner=me means no one. Use an admin's id.",

  // the JSON API (/api/*): Laravel's wording where the original API had one
  apiUnauthenticated: "Unauthenticated.",
  apiForbidden: (permission: string) => `This action needs the ${permission} permission.`,
  apiCsrfMismatch: "CSRF token mismatch.",
  apiNotFound: "Not Found.",
  apiMethodNotAllowed: (method: string, allowed: string[]) =>
    `The ${method} method is not supported for this route. Supported methods: ${allowed.join(", ")}.`,
  apiServerError: "Server Error",
  apiInvalidJson: "The request body is not valid JSON.",
  apiJsonTooDeep: (max: number) => `The request body nests more than ${max} levels deep.`,
  apiUnreadableBody: "The request body could not be read.",
  apiBodyTooLarge: "The request body is too large.",
  apiUnsupportedMediaType: "Send the body as application/json, application/x-www-form-urlencoded or multipart/form-data.",
  apiCaseStudyNotFound: "Case study not found.",
  caseStudyPatchEmpty: "Send at least one of the case study's fields to change, or an image.",
  apiPageInvalid: "The page must be a whole number of at least 1.",
  apiPerPageInvalid: (max: number) => `The per page must be a whole number between 1 and ${max}.`,
  apiStatusFilterInvalid: "The status must be draft or published.",
  apiLeadNotFound: "Lead not found.",
  apiLeadStatusInvalid: "The status must be new, contacted, qualified, proposal, won, lost or spam.",
  apiLeadOwnerFilterInvalid: "The owner must be an admin's id, me or none.",
  apiLeadChangesEmpty: "Send a status, an owner_id, or both.",

  // a case study's story, gallery and search-engine fields
  caseStudyTextInvalid: (field: string) => `The ${field} must be text`,
  markdownTooDeep: (field: string, max: number) => `The ${field} nests quotes, lists or emphasis more than ${max} levels deep`,
  caseStudyTextTooLong: (field: string, max: number) => `The ${field} must be at most ${max.toLocaleString("en-US")} characters long`,
  galleryInvalid: "The gallery must be a list of images, each with a url or a file, an alt text and a caption",
  galleryTooMany: (max: number) => `Add at most ${max} gallery images`,
  galleryAltRequired: "Please describe the gallery image in its alt text",
  galleryImageRequired: "Please choose an image for this gallery entry, or remove the entry",
  storedImageInvalid: "Please choose an image uploaded to the site",

  // roles (docs/security.md#roles)
  lastOwner: "A site keeps at least one Owner: make another admin Owner before changing or removing this one",
  roleInvalid: "The role must be owner, admin, editor, sales or viewer",
  roleChanged: (name: string, role: string) => `${name} is now ${roleLabel(role)}`,
  forbiddenBack: "Back to the dashboard",
  refusalsNone: "No attempt was refused in the last 30 days.",

  // the embedded engine's limits, at start-up and on the dashboard (docs/operations.md#embedded-engine)
  embeddedInProduction: (warnFrom: number) =>
    "MONGODB_URI is not set: in production the embedded engine is a single-machine store (one server process, one DATA_DIR), " +
    "and its writes slow past about 5,000 documents in a collection and can fail past about 10,000; " +
    `start-up and the dashboard warn from ${warnFrom.toLocaleString("en-US")}. Set MONGODB_URI for more (docs/operations.md#embedded-engine).`,
  embeddedStoreLarge: (collections: { name: string; documents: number }[]) =>
    `The embedded database is getting large: ${collections.map((c) => `${c.name} holds ${c.documents.toLocaleString("en-US")} documents`).join(", ")}. ` +
    "Its writes slow past about 5,000 documents in a collection and can fail past about 10,000 (slower than the 1 s database timeout: a visitor's message is then refused). " +
    "Move to MongoDB before then: stop the server, npm run export -- studio.tar.gz, set MONGODB_URI, npm run import -- studio.tar.gz, start.",

  // webhooks (docs/api.md#webhooks, docs/security.md#webhooks)
  webhookUrlRequired: "Please enter the address events are sent to",
  webhookUrlTooLong: (max: number) => `The address must be at most ${max} characters long`,
  webhookUrlInvalid: "Please enter a full address, such as https://hooks.example.com/studio",
  webhookUrlScheme: "The address must start with https://",
  webhookUrlSchemeHttp: "The address must start with https:// or http://",
  webhookUrlPrivate: "This address leads to a private, loopback, link-local or metadata address, which webhooks may not reach",
  webhookUrlUnresolved: "This address's host could not be found",
  webhookEventsRequired: "Please choose at least one event",
  webhookEventUnknown: "Please choose events from the list",
  webhookFlagInvalid: "Please answer true or false",
  webhookChangesEmpty: "Send at least one of url, events, enabled or slack.",
  webhookTooMany: (max: number) => `A site may have at most ${max} webhooks: delete one first`,
  webhookNotFound: "This webhook does not exist (it may have been deleted)",
  webhookDeliveryNotFound: "This delivery does not exist (deliveries are kept for 7 days)",
  webhookCreated: "Webhook added",
  webhookSaved: "Webhook saved",
  webhookDeleted: "Webhook deleted",
  webhookTestQueued: "Test event queued: it appears under Deliveries once sent",
  webhookResendQueued: "Sent again: it appears under Deliveries",
} as const;

/** How a role is named on screens and in mail: the issue's table. */
export function roleLabel(role: string): string {
  return ({ owner: "Owner", admin: "Admin", editor: "Editor", sales: "Sales", viewer: "Viewer" } as Record<string, string>)[role] ?? role;
}

/** What a role may do, in a sentence: the invitation's mail and page say it. */
export function roleSummary(role: string): string {
  return (
    (
      {
        owner: "everything, including Owners, the settings that secure the site, and admins.",
        admin: "everything but changing, removing or making an Owner.",
        editor: "case studies, industries, featured work, site content and images; not leads, admins or settings.",
        sales: "the leads, and reading case studies and site content.",
        viewer: "reading case studies and site content.",
      } as Record<string, string>
    )[role] ?? ""
  );
}

export const removalRefusal = {
  self: messages.cannotDeleteSelf,
  last: messages.cannotDeleteLastAdmin,
  "last-owner": messages.lastOwner,
  "not-found": messages.adminNotFound,
} as const;

/** What a link's page and the API say about a link that cannot be used, and nothing more. */
export function linkRefusalMessage(purpose: AccountLinkPurpose, state: LinkRefusal): string {
  switch (state) {
    case "used":
      return messages.linkUsed;
    case "expired":
      return messages.linkExpired;
    case "withdrawn":
      return purpose === "invitation" ? messages.invitationLinkWithdrawn : messages.resetLinkWithdrawn;
    case "replaced":
      return purpose === "invitation" ? messages.invitationLinkReplaced : messages.resetLinkReplaced;
    case "unknown":
      return messages.linkUnknown;
  }
}

export function imageRefusalMessage(reason: ImageRefusal, maxUploadMb: number): string {
  switch (reason) {
    case "too-large":
      return messages.imageTooLarge(maxUploadMb);
    case "not-an-image":
      return messages.imageNotAnImage;
    case "svg":
      return messages.imageSvg;
    case "damaged":
      return messages.imageDamaged;
    case "too-many-pixels":
      return messages.imageTooManyPixels;
  }
}

export const toastDuration = { short: 2_000, medium: 3_000, long: 5_000 } as const;
