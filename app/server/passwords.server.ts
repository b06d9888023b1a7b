import { checkPassword, hashPassword } from "~/domain/passwords.server";
import type { Passwords } from "~/domain/ports";

export const passwords: Passwords = { hash: hashPassword, verify: checkPassword };
