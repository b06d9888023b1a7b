import type { Ports } from "~/domain/ports";
import { mail } from "./mail-outbox.server";
import { passwords } from "./passwords.server";
import { twoFactorSecrets } from "./two-factor-key.server";
import { uploadedImages } from "./uploads.server";
import { webhookGuard } from "./webhook-address.server";

export const ports: Ports = { images: uploadedImages, passwords, mail, secrets: twoFactorSecrets, webhooks: webhookGuard() };
