// The domain never imports ~/server: a function that needs infrastructure takes one of these ports as an argument.

export type ImageRefusal = "too-large" | "not-an-image" | "svg" | "damaged" | "too-many-pixels";

export type ImageStorage = {
  store(file: File): Promise<{ ok: true; url: string } | { ok: false; reason: ImageRefusal }>;
  /** Deletes an image's files; a URL that is not an upload (a demo image) is left alone. */
  remove(url: string | null | undefined): Promise<void>;
};

export type Passwords = {
  /** A hash of `password`, made off the event loop. */
  hash(password: string): Promise<string>;
  /** Whether `password` matches `hash`; with no hash (no account) as slow as a real check, and false. */
  verify(password: string, hash: string | null | undefined): Promise<boolean>;
};

/** A mail to one person, composed by the domain with every value escaped in its HTML part. */
export type AccountMail = { to: string; subject: string; text: string; html: string };

/** The autoresponder's mail to a visitor, replying to the studio's contact email. */
export type AutoReplyMail = AccountMail & { replyTo: string };

/** A reply to a lead, composed by the domain; `replyId` is the reply its outbox entry reports to. */
export type LeadReplyMail = AccountMail & { replyId: string; replyTo: string };

export type Mail = {
  /** Queues the email announcing a new contact message; never fails the caller's write. */
  newMessage(messageId: string): Promise<void>;
  /** Whether mail can be sent at all (SMTP_URL is set): without it, a flow that needs email says so. */
  enabled(): boolean;
  /** Queues `mail` in the outbox; false when mail is off or the queue could not be written (logged). */
  send(mail: AccountMail): Promise<boolean>;
  /** Queues a reply to a lead in the outbox; false when mail is off or the queue could not be written (logged). */
  reply(mail: LeadReplyMail): Promise<boolean>;
  /** Queues an autoresponse in the outbox; false when mail is off or the queue could not be written (logged). */
  autoReply(mail: AutoReplyMail): Promise<boolean>;
};

/** Seals short secrets (two-factor secrets) with the server's key; `context` binds a sealed value to what it belongs to. */
export type SecretBox = {
  /** Whether there is a key to seal with (or one can be made: the embedded default keeps one with its data). */
  available(): boolean;
  seal(plain: string, context: string): string;
  /** null when `sealed` was not sealed with this key for this context (or was altered). */
  open(sealed: string, context: string): string | null;
};

/** Why a webhook's address is refused (docs/security.md#webhooks). */
export type WebhookUrlRefusal = "webhook-url-invalid" | "webhook-url-scheme" | "webhook-url-private" | "webhook-url-unresolved";

/** Checks a webhook's address as a delivery would reach it: its scheme, and every address its host resolves to. */
export type WebhookGuard = { check(url: string): Promise<WebhookUrlRefusal | null> };

export type Ports = { images: ImageStorage; passwords: Passwords; mail: Mail; secrets: SecretBox; webhooks: WebhookGuard };
