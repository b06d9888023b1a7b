import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "./env.server";
import { isSecureSite } from "./session.server";

/**
 * Toasts ride in a flash cookie. remix-toast 1.2.2's own cookie is not signed at all (its sign() appends
 * a dot and its unsign() accepts anything), so a hand-made cookie could put any words in a toast; it is
 * given Remix's cookie session storage instead, signed with SESSION_SECRET (HMAC-SHA256): a cookie whose
 * signature does not hold is ignored.
 */
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "toast-session",
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: isSecureSite(),
    secrets: [getEnv().SESSION_SECRET],
  },
});

export const { getToast, jsonWithError, jsonWithSuccess, redirectWithError, redirectWithSuccess, redirectWithToast } =
  createToastUtilsWithCustomSession(toastStorage);
